/**
 * Start-up to first answer: spawn to the first `/api/health` answer, the server run through tsx
 * (TypeScript compiled at load) vs the compiled bundle `npm start` runs, alternating, on one
 * already migrated and seeded PGlite folder (a restart, the case an operator waits on).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerEntry } from '../scripts/serverProcess.js';

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(entry: ServerEntry, dataDir: string, timeoutMs = 180_000): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, PITBOSS_DATA: dataDir, PITBOSS_STATIC: '/nonexistent', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const s = await spawnServer(env, entry, timeoutMs);
  s.proc.kill('SIGTERM');
  await s.exited;
  return s.startMs;
}

export async function benchStartup(): Promise<void> {
  if (!existsSync('dist-server/main.js')) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-startup-'));
  try {
    const dataDir = join(dir, 'data');
    const first = await once('compiled', dataDir, 900_000);
    const times: Record<ServerEntry, number[]> = { tsx: [], compiled: [] };
    for (let i = 0; i < ROUNDS; i++) for (const e of ['tsx', 'compiled'] as const) times[e].push(await once(e, dataDir));
    const [t, c] = [median(times.tsx), median(times.compiled)];
    console.log(`\n# startup (PGlite, spawn to first /api/health answer, median of ${ROUNDS}, alternating)`);
    console.log(`first start (migrate + seed), compiled: ${first.toFixed(0)} ms`);
    console.log(`restart, tsx src/server/main.ts:     ${t.toFixed(0)} ms  (${times.tsx.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`restart, node dist-server/main.js:   ${c.toFixed(0)} ms  (${times.compiled.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`compiled / tsx: ${(c / t).toFixed(2)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
