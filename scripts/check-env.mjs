// Checks the toolchain before start/test: a supported Node (package.json's engines; `npm start` and
// `npm test` run this on it through scripts/launch.mjs) and npm 11 (Vite 8 does not install with npm 10),
// then installs the packages when they are missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { supported } from './runtime.mjs';

if (!supported(process.versions.node)) {
  console.error(`Pitboss needs Node 22.13 or newer (this is ${process.versions.node}): run it through npm start / npm test, which fetch one.`);
  process.exit(1);
}
const npmMajor = Number(execSync('npm --version', { encoding: 'utf8' }).trim().split('.')[0]);
if (npmMajor < 11) {
  console.log('npm is older than 11: upgrading it globally (npm install -g npm@11)…');
  execSync('npm install -g npm@11', { stdio: 'inherit' });
}

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing packages (npm install)…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
