// Browser tests run on Debian's chromium (Playwright's own browser download is not used).
// Installs it with apt when it is missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.log(`${path} is missing: installing Debian chromium with apt…`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-nanum`, {
    stdio: 'inherit',
  });
}
