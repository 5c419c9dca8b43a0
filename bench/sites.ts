/**
 * Many sites, same speed (issue 32): site lookup (`/api/common/site` by prefix) and
 * `/api/member/info` throughput with one site, then with 200 sites of 50 members each, in the same
 * run and the same server process; the 199 sites are opened through the platform API, one at a
 * time, each timed (rows only: no migration or schema per site). With 200 sites the load spreads
 * over every site's prefix and over signed-in members of 40 sites. Ratios printed; nothing passes or fails.
 */
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { spawnBenchChild, splitCores } from './child.js';
import { ms, pct } from './client.js';

const SITES = 200;
const SIGNED_IN_SITES = 40;
const ROUNDS = 3;
const ROUND_S = 4;
const PASS = 'demo1234!';

interface Target {
  body: string;
  headers: Record<string, string>;
}

/** Requests/s of POSTs cycling through the targets, median of a few rounds. */
async function rps(url: string, targets: Target[]) {
  const runs: number[] = [];
  let i = 0;
  const once = (duration: number) =>
    new Promise<number>((resolve, reject) => {
      autocannon(
        {
          url,
          method: 'POST',
          connections: 16,
          duration,
          requests: [
            {
              setupRequest: (req) => {
                const t = targets[i++ % targets.length]!;
                return { ...req, body: t.body, headers: { 'content-type': 'application/json', ...t.headers } };
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : r.non2xx ? reject(new Error(`${url}: ${r.non2xx} answers not 2xx`)) : resolve(r.requests.average)),
      );
    });
  await once(2);
  for (let r = 0; r < ROUNDS; r++) runs.push(await once(ROUND_S));
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
}

export async function benchSites(): Promise<void> {
  const cores = splitCores();
  // the load comes from one address here, from many in life: the per-address limits are lifted (still counted)
  const lifted = { LIMIT_SITE_LOOKUP_IP: '1000000000', LIMIT_CAPTCHA_IP: '100000', LIMIT_LOGIN_IP: '100000' };
  const child = spawnBenchChild('./sitesServer.ts', undefined, lifted, { cpus: cores?.server });
  cores?.loadOn();
  try {
    const { url, owner } = await child.next<{ url: string; owner: string }>();
    const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
      (await (await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
    const siteOf = async (prefix: string) => (await post('/api/common/site', { prefix })).data as { siteId: string; apiKey: string };
    /** A player's sign-in as the app makes it: captcha, and the challenge when asked (L005). */
    const signIn = async (prefix: string, memId: string) => {
      const site = await siteOf(prefix);
      const h = { authorization: site.apiKey };
      const once = async (pow?: object) => {
        const captcha = (await post('/api/member/captcha', { siteId: site.siteId }, h)).data;
        return post('/api/member/login', { siteId: site.siteId, memId, memPass: PASS, captchaId: captcha.captchaId, captcha: '1234', ...(pow ? { pow } : {}) }, h);
      };
      let r = await once();
      if (r.resultCode === 'L005') {
        const s = await solveChallenge({ challenge: r.data.challenge, deriveKey });
        r = await once({ challenge: r.data.challenge, solution: { counter: s!.counter, derivedKey: s!.derivedKey } });
      }
      if (r.resultCode !== '0') throw new Error(`login ${prefix}/${memId}: ${r.resultCode}`);
      return { body: JSON.stringify({ siteId: site.siteId }), headers: { ...h, 'x-auth-token': r.data.token } };
    };
    const lookup = (prefixes: string[]) => prefixes.map((prefix) => ({ body: JSON.stringify({ prefix }), headers: {} }));

    // one site
    const oneLookup = await rps(`${url}/api/common/site`, lookup(['demo']));
    const oneInfo = await rps(`${url}/api/member/info`, [await signIn('demo', 'user1')]);

    // 199 more, opened one at a time through the platform API, then 50 members on each
    const prefixes = Array.from({ length: SITES - 1 }, (_, i) => `bench${String(i + 1).padStart(3, '0')}`);
    const openMs: number[] = [];
    for (const prefix of prefixes) {
      const t = performance.now();
      const r = await post('/api/platform/sites/open', form(prefix), { 'x-auth-token': owner });
      openMs.push(performance.now() - t);
      if (r.resultCode !== '0') throw new Error(`open ${prefix}: ${r.resultCode}`);
    }
    const t = performance.now();
    child.send(`members ${prefixes.join(',')}`);
    await child.next();
    const membersMs = performance.now() - t;
    const signedIn = [await signIn('demo', 'user1')];
    for (const prefix of prefixes.slice(0, SIGNED_IN_SITES - 1)) signedIn.push(await signIn(prefix, 'm1'));

    const manyLookup = await rps(`${url}/api/common/site`, lookup(['demo', ...prefixes]));
    const manyInfo = await rps(`${url}/api/member/info`, signedIn);
    // the one site again with the 200 open: apart what the count costs from what spreading the load costs
    const manyOneLookup = await rps(`${url}/api/common/site`, lookup(['demo']));
    const manyOneInfo = await rps(`${url}/api/member/info`, [signedIn[0]!]);

    const pinned = cores ? '; server on a core of its own' : '';
    console.log(`\n# Sites (${SITES} sites of 50 members, opened through the platform API; 16 connections, median of ${ROUNDS} × ${ROUND_S} s${pinned})`);
    console.log(`opening a site (rows only): p50 ${ms(pct(openMs, 50))}  p99 ${ms(pct(openMs, 99))}  max ${ms(Math.max(...openMs))}  (${openMs.length} sites)`);
    console.log(`50 members on each of ${prefixes.length} sites: ${ms(membersMs)} (one statement)`);
    const row = (what: string, one: number, many: number) =>
      console.log(`${what.padEnd(20)} 1 site ${one.toFixed(0).padStart(7)} req/s   ${SITES} sites ${many.toFixed(0).padStart(7)} req/s   ratio ${(many / one).toFixed(2)}x`);
    row('site lookup', oneLookup, manyLookup);
    row('/api/member/info', oneInfo, manyInfo);
    console.log(`with ${SITES} sites, the load on one site only (same order as above, measured last):`);
    row('site lookup', oneLookup, manyOneLookup);
    row('/api/member/info', oneInfo, manyOneInfo);
  } finally {
    cores?.release();
    await child.close();
  }
}

/** The open form of a bench site: the fields a console fills, no logo. */
function form(prefix: string) {
  return {
    prefix,
    name: `Bench ${prefix}`,
    languages: ['ko'],
    defaultLanguage: 'ko',
    cashDecimal: 1,
    vendorMode: 'union',
    vendors: ['demo-slot'],
    depositAccounts: [{ bank: 'KB', accountNo: '123-456', holder: 'bench' }],
    depositMin: 10_000,
    depositMax: 5_000_000,
    withdrawMin: 20_000,
    quickAmounts: [10_000, 50_000],
    sns: [],
    checkStart: null,
    checkEnd: null,
  };
}
