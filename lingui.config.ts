import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Korean is the source language; `vn` is the product's code for Vietnamese (Intl locale `vi`).
export default defineConfig({
  sourceLocale: 'ko',
  locales: ['ko', 'en', 'vn'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/app/locales/{locale}/messages', include: ['<rootDir>/src/app'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
