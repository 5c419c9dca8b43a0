// Starts a fresh server for the browser tests: a clean embedded database seeded with the demo site.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dataDir = process.env.PITBOSS_DATA ?? 'data-e2e';
rmSync(dataDir, { recursive: true, force: true });
// the build under `npm test` (PITBOSS_RUN_BUILD, as scripts/serverProcess.ts's testEntry), else the source
const entry = process.env.PITBOSS_RUN_BUILD === '1' ? ['dist-server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
const child = spawn(process.execPath, entry, { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
