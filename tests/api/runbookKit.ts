import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { freshPostgres } from './harness.js';

const run = promisify(execFile);

/** The shell blocks of docs/runbook.md marked ```sh runbook:<name>, by name. */
export function runbookBlocks(text = readFileSync('docs/runbook.md', 'utf8')): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of text.matchAll(/^```sh runbook:([\w-]+)\n([\s\S]*?)^```$/gm)) blocks.set(m[1], m[2]);
  return blocks;
}

/** Runs blocks (one after the other in one shell) as an operator's shell would, stopping at the first failing command: its exit code and output. */
export function runBlock(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const p = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((r) => p.once('exit', (code) => r({ code, out })));
}

/** The environment of a deployed host: none of the test runner's Pitboss settings, no database of the run. */
export const deployedEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('PITBOSS_') && !k.startsWith('npm_') && !['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'METRICS_PORT', 'PORT'].includes(k),
    ),
  );

export interface RunbookHost {
  dir: string;
  /** the host's settings: its keys file, a backup key, no static files */
  env: NodeJS.ProcessEnv;
  /** a copy of the run's seeded database (the template): a folder under the host or a new PostgreSQL database, and its setting */
  database(): Promise<{ env: NodeJS.ProcessEnv; dataDir?: string; url?: string }>;
  close(): Promise<void>;
}

/**
 * A host as the runbook has it: the compiled server (built when its sources changed) and the packages,
 * the servers' keys (those the run's seeded template was made under, so a copy of it opens), a backup key.
 */
export async function runbookHost(): Promise<RunbookHost> {
  await run(process.execPath, ['scripts/build-if-needed.mjs', '--server']);
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-runbook-'));
  for (const f of ['dist-server', 'node_modules', 'package.json']) symlinkSync(resolve(f), join(dir, f));
  copyFileSync('pitboss-secrets.json', join(dir, 'keys.json'));
  const drops: (() => Promise<void>)[] = [];
  const template = inject('dbTemplate');
  return {
    dir,
    env: {
      ...deployedEnv(),
      PITBOSS_SECRETS_FILE: join(dir, 'keys.json'),
      PITBOSS_BACKUP_KEY: randomBytes(32).toString('base64'),
      PITBOSS_STATIC: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    async database() {
      // each copy anchors its audit heads in a file of its own
      const heads = { PITBOSS_AUDIT_HEADS_FILE: join(dir, `heads-${randomBytes(4).toString('hex')}.jsonl`) };
      if (template.kind === 'postgres') {
        const fresh = await freshPostgres(template.database);
        drops.push(fresh.drop);
        return { env: { ...heads, DATABASE_URL: fresh.url }, url: fresh.url };
      }
      const dataDir = join(dir, `data-${randomBytes(4).toString('hex')}`);
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(template.snapshot)]) });
      await db.close();
      return { env: { ...heads, PITBOSS_DATA: dataDir }, dataDir };
    },
    async close() {
      for (const drop of drops) await drop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
