// Checks the toolchain before start/test: Node 20.19+ and npm 11 (Vite 8 does not install with npm 10).
import { execSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Pitboss needs Node 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}
const npmMajor = Number(execSync('npm --version', { encoding: 'utf8' }).trim().split('.')[0]);
if (npmMajor < 11) {
  console.log('npm is older than 11: upgrading it globally (npm install -g npm@11)…');
  execSync('npm install -g npm@11', { stdio: 'inherit' });
}

import { existsSync } from 'node:fs';
if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing packages (npm install)…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
