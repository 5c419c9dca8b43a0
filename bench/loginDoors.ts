/**
 * An anonymous flood at every login door (issue 44): made-up ids with wrong passwords, no
 * challenge solved, from 20 addresses, at the player screen, the partner screen, the operator
 * screen and the platform console, while a partner signs in again and again with a solved
 * challenge (solved before the clock starts, as the app solves it before it sends). Prints the
 * proved login's p50/p99 alone and during each flood, and what each flood was answered.
 */
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ms, pct, type Client } from './client.js';

const FLOOD = Number(process.env.BENCH_LOGIN_FLOOD ?? 300);
const PARALLEL = 16;
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `10.44.${i}.1`);
const PARTNERS = ['ptn1', 'ptn2', 'ptn3', 'ptn4', 'ptn5', 'ptn6', 'ptn7'];
const PASS = 'demo1234!';
let turn = 0;

/** One proved partner login; answers the time of the login call alone. */
async function provedLogin(c: Client, from: string): Promise<number> {
  const memId = PARTNERS[turn++ % PARTNERS.length]!;
  const { challenge } = (await c.post('/api/member/challenge', {}, { from })).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  const pow = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  const { captchaId } = (await c.post('/api/member/captcha', {}, { from })).data;
  const t = performance.now();
  const r = await c.post('/api/member/login', { memId, memPass: PASS, loginPage: 'partner', captchaId, captcha: '1234', pow }, { from });
  const took = performance.now() - t;
  if (r.resultCode !== '0') throw new Error(`proved partner login ${memId}: ${r.resultCode}`);
  return took;
}

async function provedLogins(c: Client, from: string, done: () => boolean, min: number) {
  const times: number[] = [];
  while (!done() || times.length < min) times.push(await provedLogin(c, from));
  return times;
}

const ghost = () => `ghost${randomBytes(3).toString('hex')}`;
type Door = [label: string, path: string, body: () => Record<string, unknown>];
const DOORS: Door[] = [
  ['player', '/api/member/login', () => ({ memId: ghost(), memPass: 'wrong-pass' })],
  ['partner', '/api/member/login', () => ({ memId: ghost(), memPass: 'wrong-pass', loginPage: 'partner', captchaId: 'x', captcha: '1234' })],
  ['operator', '/api/member/login', () => ({ memId: ghost(), memPass: 'wrong-pass', loginPage: 'admin', captchaId: 'x', captcha: '1234' })],
  ['platform', '/api/platform/login', () => ({ loginId: ghost(), password: 'wrong password!', otpCode: '123456' })],
];

async function flood(c: Client, [, path, body]: Door) {
  const answers = new Map<string, number>();
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < FLOOD) {
        const i = next++;
        const code = (await c.post(path, body(), { from: ADDRESSES[i % ADDRESSES.length] })).resultCode as string;
        answers.set(code, (answers.get(code) ?? 0) + 1);
      }
    }),
  );
  return { secs: (performance.now() - t) / 1000, answers };
}

/** Runs on the login bench's server, after its own floods. */
export async function benchLoginDoors(c: Client) {
  const alone = await provedLogins(c, '10.45.0.1', () => true, 20);
  console.log(`\n# anonymous flood at every login door (${FLOOD} made-up ids from ${ADDRESSES.length} addresses, ${PARALLEL} at a time; a partner's proved login meanwhile)`);
  console.log(`alone                 proved login p50 ${ms(pct(alone, 50))}  p99 ${ms(pct(alone, 99))}  (${alone.length} logins)`);
  for (const [i, door] of DOORS.entries()) {
    let done = false;
    const [f, during] = await Promise.all([flood(c, door).finally(() => (done = true)), provedLogins(c, `10.45.${i + 1}.1`, () => done, 5)]);
    const codes = [...f.answers].map(([code, n]) => `${code} ${n}`).join(', ');
    console.log(
      `flood at ${door[0].padEnd(9)}    proved login p50 ${ms(pct(during, 50))}  p99 ${ms(pct(during, 99))}  (${during.length} logins)  ratio p99 flood/alone ${(pct(during, 99) / pct(alone, 99)).toFixed(1)}`,
    );
    console.log(`  flood: ${(FLOOD / f.secs).toFixed(0)} tries/s over ${f.secs.toFixed(1)} s, answered ${codes}`);
  }
}
