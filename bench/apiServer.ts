/**
 * The API in its own process (bench/child.ts) for the flood benches, so the flood's clients do not
 * share its event loop: in-memory PGlite or DATABASE_URL, X-Forwarded-For trusted (as behind a
 * proxy), the clock moved past the bank's nightly maintenance; prints its address, then waits for `exit`.
 */
import { createInterface } from 'node:readline';
import { inBankMaintenance } from '../src/server/domain/money/cashRules.js';
import { startBenchServer } from './server.js';

const server = await startBenchServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  trustProxy: true,
  clockOffsetMs: inBankMaintenance(new Date()) ? 70 * 60_000 : 0,
});
console.log(JSON.stringify({ url: server.url }));
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === 'exit') break;
await server.close();
process.exit(0);
