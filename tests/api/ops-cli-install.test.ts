import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './opsCli.js';
import { runsDatabaseFree } from './harness.js';

const run = promisify(execFile);

/** `npm start` in `cwd`, once its server answers ready; SIGTERM to npm's process stops it. */
async function npmStart(cwd: string, env: NodeJS.ProcessEnv) {
  const proc = spawn('npm', ['start'], { cwd, env: { ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const url = /running: (http:\/\/[^\s/]+)/.exec(out)?.[1];
    const ok =
      url &&
      (await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) return { proc, exited, output: () => out };
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not serve: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A production host: dist-server/ and the production packages only (no src/, no dev packages).
// It needs no database of the run, so it runs once per `npm test` (harness.ts, runsDatabaseFree).
describe.runIf(runsDatabaseFree)('the compiled ops commands on a production-only install', () => {
  const host = mkdtempSync(join(tmpdir(), 'pitboss-host-'));
  afterAll(() => rmSync(host, { recursive: true, force: true }));

  it('installs with npm install --omit=dev and runs npm start, backup, restore and audit-verify there, with no scripts/ folder', async () => {
    await run(process.execPath, ['scripts/build-server.mjs']);
    for (const f of ['package.json', 'package-lock.json']) cpSync(f, join(host, f));
    // no scripts/ folder: the npm scripts run the compiled server and command line as they are
    cpSync('dist-server', join(host, 'dist-server'), { recursive: true });
    // from the npm cache when it holds the packages; scripts off as on a locked-down host
    await run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: host, maxBuffer: 1 << 24 });

    const entry = (file: string) => [join(host, 'dist-server', file)];
    const env = { PITBOSS_DATA: join(host, 'data'), PITBOSS_BACKUP_KEY: randomBytes(32).toString('base64') };
    // started as `npm start` starts it (as strict as production, the demo site seeded so the commands have a
    // site's chain to verify), with none of the test runner's PITBOSS_TEST_* settings a deployed host never has
    const deployed = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_') && !k.startsWith('npm_') && k !== 'NODE_ENV'));
    const srv = await npmStart(host, { ...deployed, ...env, PITBOSS_STATIC: '/nonexistent', DATABASE_URL: '', REDIS_URL: '' });
    srv.proc.kill('SIGTERM');
    expect(await srv.exited, srv.output()).toBe(0);

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
    const rekey = await cli(['audit-rekey'], env, entry('cli.js'), host);
    expect(rekey.code).toBe(5);
    expect(await npmRun(['audit:rekey'])).toEqual(rekey);
  }, 900_000);
});
