import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { entryArgs } from '../../scripts/serverProcess';

/**
 * A second server of the built app with its own fresh demo data, its clock moved by `offsetMs`
 * (the server's test clock): for checks that need another hour than the real one.
 */
export async function startClockServer(offsetMs: number): Promise<{ base: string; stop(): void }> {
  const port = 4300 + Math.floor(Math.random() * 500);
  const dataDir = `tmp/e2e-clock-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync('tmp', { recursive: true });
  const child = spawn(process.execPath, entryArgs(), {
    stdio: ['ignore', openSync(`${dataDir}.log`, 'w'), 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PITBOSS_DATA: dataDir,
      NODE_ENV: 'test',
      PITBOSS_TEST_CAPTCHA: '1234',
      PITBOSS_TEST_CHECK_ANSWERS: '1',
      PITBOSS_TEST_CLOCK_OFFSET_MS: String(offsetMs),
    },
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.log`, { force: true });
  };
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the second server did not start');
}
