// Builds what `npm start` runs when it is missing or older than its sources, so start is one
// command: the PWA (dist/) and the compiled server (dist-server/, which `npm run build` also makes).
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
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const app = Math.max(newest('src/app'), newest('src/contract'), newest('public'), statSync('vite.config.ts').mtimeMs);
const server = Math.max(newest('src/server'), newest('src/contract'), statSync('scripts/build-server.mjs').mtimeMs);
// --server: the ops commands need only the compiled server
const serverOnly = process.argv.includes('--server');
if (!serverOnly && builtAt('dist/index.html') < app) {
  console.log('Building the PWA and the server…');
  execSync('npm run build', { stdio: 'inherit' });
} else if (Math.min(builtAt('dist-server/main.js'), builtAt('dist-server/cli.js')) < server) {
  console.error('Compiling the server…');
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
