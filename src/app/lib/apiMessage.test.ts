import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resultCodes } from '../../contract/codes';

// Every result code the server can answer has its translated `api.{code}` text in the app.
describe('api messages', () => {
  it('covers every result code of the contract', () => {
    const text = readFileSync(new URL('./apiMessage.ts', import.meta.url), 'utf8');
    const missing = Object.keys(resultCodes).filter((c) => c !== '0' && !text.includes(`id: 'api.${c}'`));
    expect(missing).toEqual([]);
  });
});
