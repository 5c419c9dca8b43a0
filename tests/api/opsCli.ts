import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { entryArgs } from '../../scripts/serverProcess.js';

/** The ops command line (source or build: `testEntry`; ops-cli-install.test.ts runs the build on a bare host). */
export function cli(args: string[], env: NodeJS.ProcessEnv, entry = entryArgs(undefined, 'cli'), cwd = process.cwd()) {
  const { DATABASE_URL: _db, REDIS_URL: _r, PITBOSS_BACKUP_KEY: _k, METRICS_PORT: _m, ...base } = process.env;
  const p = spawn(process.execPath, [...entry, ...args], { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((r) => p.once('exit', (code) => r({ code, out: out.trim() })));
}

/** One line, no stack. */
export const oneLine = (out: string) => {
  expect(out.split('\n')).toHaveLength(1);
  expect(out).not.toMatch(/^\s+at /m);
};
