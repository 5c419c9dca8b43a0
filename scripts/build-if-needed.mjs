// Builds the PWA when dist/ is missing or older than the sources, so `npm start` is one command.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src/app'), newest('src/contract'), newest('public'), statSync('vite.config.ts').mtimeMs);
if (built < sources) {
  console.log('Building the PWA…');
  execSync('npm run build', { stdio: 'inherit' });
}
