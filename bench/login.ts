/**
 * A login flood (issue 21): 300 wrong-password logins (made-up ids and real ones) from one address,
 * then from five, then 300 right-password logins of one's own account from one address that holds
 * that account's device cookie (issue 33), while a real player signs in again and again from its
 * own address (solving the challenge when asked, as the app does). Prints the real login's p50/p99
 * during each flood beside a quiet server, and what the flood was answered. Then an anonymous flood
 * at each login door, player, partner, operator and platform (`loginDoors.ts`).
 * The server (its own process) trusts X-Forwarded-For (TRUST_PROXY), so each client names its address as a proxy would.
 */
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { client, ms, pct, type Client } from './client.js';
import { spawnBenchChild } from './child.js';
import { benchLoginDoors } from './loginDoors.js';

const FLOOD = Number(process.env.BENCH_LOGIN_FLOOD ?? 300);
const PARALLEL = 16;
const QUIET_LOGINS = 20;
// real ids the flood guesses at (their accounts lock); the real player is user1
const REAL_IDS = ['user2', 'user3', 'user4', 'user5', 'user6'];
// the device-cookie flood signs in to its own account (not a guessed one)
const OWN_ID = 'user7';
const PASS = 'demo1234!';

// real players take turns, so none signs in more often than a person would (the per-account rate)
const PLAYERS = ['user1', 'user11', 'user12', 'user13', 'user14', 'user15', 'user16', 'user17', 'user18', 'user19'];
let turn = 0;
let challenged = 0;

/** One real login as the app makes it: asked for a challenge (L005), it solves it and tries again. */
async function realLogin(c: Client, from: string) {
  const memId = PLAYERS[turn++ % PLAYERS.length]!;
  let r = await c.post('/api/member/login', { memId, memPass: PASS }, { from });
  if (r.resultCode === 'L005') {
    challenged++;
    const solution = await solveChallenge({ challenge: r.data.challenge, deriveKey });
    if (!solution) throw new Error('challenge not solved');
    const pow = { challenge: r.data.challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
    r = await c.post('/api/member/login', { memId, memPass: PASS, pow }, { from });
  }
  if (r.resultCode !== '0') throw new Error(`real login: ${r.resultCode}`);
}

/** The real players' logins, one after another, until `done` (at least `min`); each phase from its own address, so its own tries stay under the limit. */
async function realLogins(c: Client, from: string, done: () => boolean, min: number) {
  const times: number[] = [];
  while (!done() || times.length < min) {
    const t = performance.now();
    await realLogin(c, from);
    times.push(performance.now() - t);
  }
  return times;
}

/** The flood's call: a wrong password at a guessed id, or (with `cookie`) the right one for its own account. */
type Try = (i: number, from: string) => Promise<string>;

const guess =
  (c: Client): Try =>
  async (i, from) => {
    const memId = i % 2 ? REAL_IDS[i % REAL_IDS.length] : `ghost${randomBytes(3).toString('hex')}`;
    return (await c.post('/api/member/login', { memId, memPass: `wrong-${i}` }, { from })).resultCode;
  };

/** Signs in once to OWN_ID and keeps the device cookie the server set. */
async function deviceCookie(url: string, c: Client, from: string) {
  const r = await fetch(`${url}/api/member/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: c.apiKey, 'x-forwarded-for': from },
    body: JSON.stringify({ siteId: c.siteId, memId: OWN_ID, memPass: PASS }),
  });
  const cookie = r.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no device cookie');
  return cookie;
}

const ownWithCookie =
  (url: string, c: Client, cookie: string): Try =>
  async (_i, from) => {
    const r = await fetch(`${url}/api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: c.apiKey, 'x-forwarded-for': from, cookie },
      body: JSON.stringify({ siteId: c.siteId, memId: OWN_ID, memPass: PASS }),
    });
    return ((await r.json()) as { resultCode: string }).resultCode;
  };

async function flood(send: Try, addresses: string[], parallel = PARALLEL) {
  const answers = new Map<string, number>();
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < FLOOD) {
        const i = next++;
        const code = await send(i, addresses[i % addresses.length]!);
        answers.set(code, (answers.get(code) ?? 0) + 1);
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
    challenged = 0;
    console.log(`\n# login flood (${FLOOD} logins, ${PARALLEL} at a time or all at once; real players user1, user11-19 sign in in turn meanwhile; server in its own process)`);
    console.log(`quiet server          real login p50 ${ms(pct(quiet, 50))}  p99 ${ms(pct(quiet, 99))}  (${quiet.length} logins)`);
    const cookie = await deviceCookie(s.url, c, '10.3.0.1');
    const phases: [string, Try, string[], string, number][] = [
      ['1 address', guess(c), ['10.1.0.1'], '10.8.1.1', PARALLEL],
      ['5 addresses', guess(c), ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4', '10.2.0.5'], '10.8.2.1', PARALLEL],
      // right passwords of its own account, all in parallel, from one address holding that account's device cookie
      ['1 cookie', ownWithCookie(s.url, c, cookie), ['10.3.0.1'], '10.8.3.1', FLOOD],
    ];
    for (const [label, send, addresses, own, parallel] of phases) {
      let done = false;
      const [f, real] = await Promise.all([flood(send, addresses, parallel).finally(() => (done = true)), realLogins(c, own, () => done, 5)]);
      const asked = challenged;
      challenged = 0;
      const codes = [...f.answers].map(([code, n]) => `${code} ${n}`).join(', ');
      console.log(
        `flood from ${label.padEnd(11)} real login p50 ${ms(pct(real, 50))}  p99 ${ms(pct(real, 99))}  (${real.length} logins, ${asked} asked to solve a challenge)  ratio p99 flood/quiet ${(pct(real, 99) / pct(quiet, 99)).toFixed(1)}  goal < 1000 ms: ${pct(real, 99) < 1000 ? 'met' : 'NOT met'}`,
      );
      console.log(`  flood: ${(FLOOD / f.secs).toFixed(0)} tries/s over ${f.secs.toFixed(1)} s, answered ${codes}`);
    }
    await benchLoginDoors(c);
  } finally {
    await server.close();
  }
}
