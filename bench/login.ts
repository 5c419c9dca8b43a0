/**
 * A login flood (issue 21): 300 wrong-password logins (made-up ids and real ones) from one address,
 * then from five, while a real player signs in again and again from its own address. Prints the
 * real login's p50/p99 during each flood beside a quiet server, and what the flood was answered.
 * The server (its own process) trusts X-Forwarded-For (TRUST_PROXY), so each client names its address as a proxy would.
 */
import { randomBytes } from 'node:crypto';
import { client, ms, pct, type Client } from './client.js';
import { spawnBenchChild } from './child.js';

const FLOOD = Number(process.env.BENCH_LOGIN_FLOOD ?? 300);
const PARALLEL = 16;
const QUIET_LOGINS = 20;
// real ids the flood guesses at (their accounts lock); the real player is user1
const REAL_IDS = ['user2', 'user3', 'user4', 'user5', 'user6'];

/** The real player's logins, one after another, until `done` (at least `min`); each phase from its own address, so its own tries stay under the limit. */
async function realLogins(c: Client, from: string, done: () => boolean, min: number) {
  const times: number[] = [];
  while (!done() || times.length < min) {
    const t = performance.now();
    await c.login('user1', { from });
    times.push(performance.now() - t);
  }
  return times;
}

async function flood(c: Client, addresses: string[]) {
  const answers = new Map<string, number>();
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < FLOOD) {
        const i = next++;
        const memId = i % 2 ? REAL_IDS[i % REAL_IDS.length] : `ghost${randomBytes(3).toString('hex')}`;
        const r = await c.post('/api/member/login', { memId, memPass: `wrong-${i}` }, { from: addresses[i % addresses.length] });
        answers.set(r.resultCode, (answers.get(r.resultCode) ?? 0) + 1);
      }
    }),
  );
  return { secs: (performance.now() - t) / 1000, answers };
}

export async function benchLogin(): Promise<void> {
  const server = spawnBenchChild('./apiServer.ts', undefined);
  const s = await server.next<{ url: string }>();
  try {
    const c = await client(s.url);
    await c.login('user1', { from: '10.8.0.1' }); // warm-up
    const quiet = await realLogins(c, '10.8.0.2', () => true, QUIET_LOGINS);
    console.log(`\n# login flood (${FLOOD} wrong-password logins, ${PARALLEL} at a time; real player user1 signs in meanwhile; server in its own process)`);
    console.log(`quiet server          real login p50 ${ms(pct(quiet, 50))}  p99 ${ms(pct(quiet, 99))}  (${quiet.length} logins)`);
    const phases: [string, string[], string][] = [
      ['1 address', ['10.1.0.1'], '10.8.1.1'],
      ['5 addresses', ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4', '10.2.0.5'], '10.8.2.1'],
    ];
    for (const [label, addresses, own] of phases) {
      let done = false;
      const [f, real] = await Promise.all([flood(c, addresses).finally(() => (done = true)), realLogins(c, own, () => done, 5)]);
      const codes = [...f.answers].map(([code, n]) => `${code} ${n}`).join(', ');
      console.log(
        `flood from ${label.padEnd(11)} real login p50 ${ms(pct(real, 50))}  p99 ${ms(pct(real, 99))}  (${real.length} logins)  ratio p99 flood/quiet ${(pct(real, 99) / pct(quiet, 99)).toFixed(1)}  goal < 1000 ms: ${pct(real, 99) < 1000 ? 'met' : 'NOT met'}`,
      );
      console.log(`  flood: ${(FLOOD / f.secs).toFixed(0)} tries/s over ${f.secs.toFixed(1)} s, answered ${codes}`);
    }
  } finally {
    await server.close();
  }
}
