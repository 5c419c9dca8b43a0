/**
 * The API in its own process (bench/child.ts) for the flood benches, so the flood's clients do not
 * share its event loop: in-memory PGlite or DATABASE_URL, X-Forwarded-For trusted (as behind a
 * proxy), the clock moved past the bank's nightly maintenance; prints its address, then answers
 * `mem` (its memory and live sockets, after a collection when --expose-gc allows), `counts`
 * (what it sent to PostgreSQL and Redis, with BENCH_COUNTS=1: bench/counts.ts) and `exit`.
 */
import { createInterface } from 'node:readline';
import { inBankMaintenance } from '../src/server/domain/money/cashRules.js';
import { countClients } from './counts.js';
import { startBenchServer } from './server.js';

const counts = process.env.BENCH_COUNTS === '1' ? countClients() : null;

const server = await startBenchServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  trustProxy: true,
  clockOffsetMs: inBankMaintenance(new Date()) ? 70 * 60_000 : 0,
});
console.log(JSON.stringify({ url: server.url }));
for await (const line of createInterface({ input: process.stdin })) {
  const cmd = line.trim();
  if (cmd === 'mem') {
    globalThis.gc?.();
    const m = process.memoryUsage();
    console.log(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, external: m.external }));
  }
  if (cmd === 'counts') console.log(JSON.stringify({ counts: counts?.() ?? null }));
  if (cmd === 'exit') break;
}
await server.close();
process.exit(0);
