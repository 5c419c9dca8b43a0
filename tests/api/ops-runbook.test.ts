import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freshKeys } from '../../scripts/keys.mjs';
import { spawnServer } from '../../scripts/serverProcess.js';
import { testDb } from './harness.js';
import { freePort } from './moneyKit.js';

const run = promisify(execFile);

/** The shell blocks of docs/runbook.md marked ```sh runbook:<name>, by name. */
export function runbookBlocks(text: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of text.matchAll(/^```sh runbook:([\w-]+)\n([\s\S]*?)^```$/gm)) blocks.set(m[1], m[2]);
  return blocks;
}

/** Runs one block as an operator's shell would, stopping at the first failing command: its exit code and output. */
function runBlock(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const p = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((r) => p.once('exit', (code) => r({ code, out })));
}

// a host as the runbook has it: dist-server/ and the packages, the servers' keys, the backup key; PGlite, once per `npm test`
describe.skipIf(testDb === 'postgres')('docs/runbook.md, run as written', () => {
  const host = mkdtempSync(join(tmpdir(), 'pitboss-runbook-'));
  afterAll(() => rmSync(host, { recursive: true, force: true }));
  const blocks = runbookBlocks(readFileSync('docs/runbook.md', 'utf8'));

  it('the restore drill: a backup restored into a new folder, its balances and audit chains proved, a server started on it with the same keys', async () => {
    await run(process.execPath, ['scripts/build-server.mjs']);
    for (const f of ['dist-server', 'node_modules', 'package.json']) symlinkSync(resolve(f), join(host, f));
    writeFileSync(join(host, 'keys.json'), JSON.stringify(freshKeys()), { mode: 0o600 });
    const deployed = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_') && !['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'METRICS_PORT'].includes(k)),
    );
    const env = {
      ...deployed,
      PITBOSS_DATA: 'data',
      PITBOSS_SECRETS_FILE: join(host, 'keys.json'),
      PITBOSS_BACKUP_KEY: randomBytes(32).toString('base64'),
      PITBOSS_STATIC: '/nonexistent',
      DRILL_PORT: String(await freePort()),
    };
    // the database of a server that ran (the demo site seeded, its audit chain begun), stopped
    const srv = await spawnServer(env, 'compiled', 300_000, host);
    srv.proc.kill('SIGTERM');
    expect(await srv.exited).toBe(0);

    const drill = blocks.get('restore-drill');
    expect(drill).toBeDefined();
    const r = await runBlock(drill!, host, env);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^backup written: backups\/pitboss-\d{8}T\d{6}\.pglite\.sealed/m);
    expect(r.out).toMatch(/^restored backups\/\S+ into drill-data$/m);
    expect(r.out).toMatch(/^demo: OK \(\d+ members, \d+ entries\)$/m);
    expect(r.out).toMatch(/^demo: OK \(\d+ rows\)$/m);
    expect(r.out).toMatch(/^platform: OK \(\d+ rows\)$/m);
    expect(readFileSync(join(host, 'drill.log'), 'utf8')).toContain('Stopped.');
  }, 600_000);
});
