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

// a host holding only the compiled server and the production packages (no sources, no compiler): it runs what it has
const deployed = !existsSync('src/server') || !existsSync('node_modules/esbuild');
const serverOnly = process.argv.includes('--server');
if (deployed) {
  if (!existsSync('dist-server/main.js') || !existsSync('dist-server/cli.js')) {
    console.error('dist-server/ is missing and this install cannot compile it (no src/ or no dev packages): run npm run build where the sources are, and copy dist-server/ here');
    process.exit(1);
  }
  if (!serverOnly && !existsSync('dist/index.html')) console.error('dist/ (the PWA) is missing: the server answers the API only; copy dist/ from a build to serve the app');
} else {
  const app = Math.max(newest('src/app'), newest('src/contract'), newest('public'), statSync('vite.config.ts').mtimeMs);
  const server = Math.max(newest('src/server'), newest('src/contract'), statSync('scripts/build-server.mjs').mtimeMs);
  // --server: the ops commands need only the compiled server
  if (!serverOnly && builtAt('dist/index.html') < app) {
    console.log('Building the PWA and the server…');
    execSync('npm run build', { stdio: 'inherit' });
  } else if (Math.min(builtAt('dist-server/main.js'), builtAt('dist-server/cli.js')) < server) {
    console.error('Compiling the server…');
    execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  }
}
