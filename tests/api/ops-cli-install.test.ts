import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../scripts/serverProcess.js';
import { cli } from './opsCli.js';
import { testDb } from './harness.js';

const run = promisify(execFile);

// A production host: dist-server/ and the production packages only (no src/, no dev packages).
// It needs no database of the run, so it runs once: in the PGlite pass.
describe.skipIf(testDb === 'postgres')('the compiled ops commands on a production-only install', () => {
  const host = mkdtempSync(join(tmpdir(), 'pitboss-host-'));
  afterAll(() => rmSync(host, { recursive: true, force: true }));

  it('installs with npm install --omit=dev and runs the server, backup, restore and audit-verify there', async () => {
    await run(process.execPath, ['scripts/build-server.mjs']);
    for (const f of ['package.json', 'package-lock.json']) cpSync(f, join(host, f));
    cpSync('dist-server', join(host, 'dist-server'), { recursive: true });
    // what the npm scripts of the ops commands run before the CLI (no sources, no compiler here)
    for (const f of ['launch.mjs', 'runtime.mjs', 'build-if-needed.mjs']) cpSync(join('scripts', f), join(host, 'scripts', f));
    // from the npm cache when it holds the packages; scripts off as on a locked-down host
    await run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: host, maxBuffer: 1 << 24 });

    const entry = (file: string) => [join(host, 'dist-server', file)];
    const env = { PITBOSS_DATA: join(host, 'data'), PITBOSS_BACKUP_KEY: randomBytes(32).toString('base64') };
    // started as `npm start` starts it (as strict as production, the demo site seeded so the commands have a
    // site's chain to verify), with none of the test runner's PITBOSS_TEST_* settings a deployed host never has
    const deployed = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_') && k !== 'NODE_ENV'));
    const srv = await spawnServer({ ...deployed, ...env, PITBOSS_STATIC: '/nonexistent', DATABASE_URL: '', REDIS_URL: '' }, 'compiled', 300_000, host);
    srv.proc.kill('SIGTERM');
    expect(await srv.exited).toBe(0);

    const usage = await cli([], env, entry('cli.js'), host);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('usage: node dist-server/cli.js <command>');
    const verify = await cli(['audit-verify'], env, entry('cli.js'), host);
    expect(verify).toMatchObject({ code: 0 });
    expect(verify.out).toMatch(/^demo: OK \(\d+ rows\)$/m);
    const backup = await cli(['backup', 'b.sealed'], env, entry('cli.js'), host);
    expect(backup).toMatchObject({ code: 0, out: 'backup written: b.sealed (sealed under PITBOSS_BACKUP_KEY)' });
    const restore = await cli(['restore', 'b.sealed', 'data2'], env, entry('cli.js'), host);
    expect(restore).toMatchObject({ code: 0, out: 'restored b.sealed into data2' });
    const again = await cli(['audit-verify'], { ...env, PITBOSS_DATA: join(host, 'data2') }, entry('cli.js'), host);
    expect(again.out).toBe(verify.out);

    // the npm scripts there do exactly what the CLI does
    const npmRun = (args: string[]) =>
      run('npm', ['run', '--silent', ...args], { cwd: host, env: { ...deployed, DATABASE_URL: '', REDIS_URL: '', ...env } }).then(
        (r) => ({ code: 0, out: `${r.stdout}${r.stderr}`.trim() }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: `${e.stdout}${e.stderr}`.trim() }),
      );
    const npmVerify = await npmRun(['audit:verify']);
    expect(npmVerify).toEqual(verify);
    expect(await npmRun(['backup', '--', 'b2.sealed'])).toMatchObject({ code: 0, out: 'backup written: b2.sealed (sealed under PITBOSS_BACKUP_KEY)' });
    expect(await npmRun(['restore', '--', 'b2.sealed', 'data3'])).toMatchObject({ code: 0, out: 'restored b2.sealed into data3' });
  }, 900_000);
});
