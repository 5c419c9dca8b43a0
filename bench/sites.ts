/**
 * Many sites, same speed (issue 32): site lookup (`/api/common/site` by prefix) and
 * `/api/member/info` throughput on a deployment of one site beside one of 200 sites of 50 members
 * each, in the same run: two server processes (same code, same core), the 199 sites of the second
 * opened through the platform API one at a time, each timed (rows only: no migration or schema
 * per site). The two are loaded in alternating short rounds, so both see the same machine; the
 * ratio is the median of the rounds' ratios. With 200 sites the load spreads over every site's
 * prefix and over signed-in members of 40 sites. Prints figures and ratios; nothing passes or fails.
 */
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { spawnBenchChild, splitCores } from './child.js';
import { ms, pct } from './client.js';

const SITES = 200;
const SIGNED_IN_SITES = 40;
const ROUNDS = 6;
const ROUND_S = 3;
const PASS = 'demo1234!';
// the load comes from one address here, from many in life: the per-address limits are lifted (still counted)
const LIFTED = { LIMIT_SITE_LOOKUP_IP: '1000000000', LIMIT_CAPTCHA_IP: '100000', LIMIT_LOGIN_IP: '100000' };

interface Target {
  body: string;
  headers: Record<string, string>;
}

/** Requests/s of POSTs cycling through the targets for `duration` seconds. */
function rps(url: string, targets: readonly Target[], duration: number) {
  let i = 0;
  return new Promise<number>((resolve, reject) => {
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
}

/** A deployment's server and what the load sends it: lookups by prefix and signed-in info calls. */
async function deployment(url: string) {
  const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
    (await (await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
  /** A player's sign-in as the app makes it: captcha, and the challenge when asked (L005). */
  const signIn = async (prefix: string, memId: string): Promise<Target> => {
    const site = (await post('/api/common/site', { prefix })).data as { siteId: string; apiKey: string };
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
  const lookups = (prefixes: string[]): Target[] => prefixes.map((prefix) => ({ body: JSON.stringify({ prefix }), headers: {} }));
  return { url, post, signIn, lookups };
}

export async function benchSites(): Promise<void> {
  const cores = splitCores();
  const oneChild = spawnBenchChild('./sitesServer.ts', undefined, LIFTED, { cpus: cores?.server });
  const manyChild = spawnBenchChild('./sitesServer.ts', undefined, LIFTED, { cpus: cores?.server });
  cores?.loadOn();
  try {
    const oneBoot = await oneChild.next<{ url: string }>();
    const manyBoot = await manyChild.next<{ url: string; owner: string }>();
    const one = await deployment(oneBoot.url);
    const many = await deployment(manyBoot.url);

    // 199 more sites beside the demo, opened one at a time through the platform API, then 50 members on each
    const prefixes = Array.from({ length: SITES - 1 }, (_, i) => `bench${String(i + 1).padStart(3, '0')}`);
    const openMs: number[] = [];
    for (const prefix of prefixes) {
      const t = performance.now();
      const r = await many.post('/api/platform/sites/open', form(prefix), { 'x-auth-token': manyBoot.owner });
      openMs.push(performance.now() - t);
      if (r.resultCode !== '0') throw new Error(`open ${prefix}: ${r.resultCode}`);
    }
    const t = performance.now();
    manyChild.send(`members ${prefixes.join(',')}`);
    await manyChild.next();
    const membersMs = performance.now() - t;
    const manySignedIn = [await many.signIn('demo', 'user1')];
    for (const prefix of prefixes.slice(0, SIGNED_IN_SITES - 1)) manySignedIn.push(await many.signIn(prefix, 'm1'));

    const loads = {
      lookup: {
        one: () => [`${one.url}/api/common/site`, one.lookups(['demo'])] as const,
        many: () => [`${many.url}/api/common/site`, many.lookups(['demo', ...prefixes])] as const,
      },
      info: { one: async () => [`${one.url}/api/member/info`, [await one.signIn('demo', 'user1')]] as const, many: () => [`${many.url}/api/member/info`, manySignedIn] as const },
    };
    const results: Record<string, { one: number[]; many: number[] }> = {};
    for (const [name, l] of Object.entries(loads)) {
      const [oneUrl, oneTargets] = await l.one();
      const [manyUrl, manyTargets] = await l.many();
      // warmed first, as a deployed server is
      await rps(oneUrl, oneTargets, 2);
      await rps(manyUrl, manyTargets, 2);
      const r = { one: [] as number[], many: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        // the pair takes turns to go first
        if (i % 2) {
          r.many.push(await rps(manyUrl, manyTargets, ROUND_S));
          r.one.push(await rps(oneUrl, oneTargets, ROUND_S));
        } else {
          r.one.push(await rps(oneUrl, oneTargets, ROUND_S));
          r.many.push(await rps(manyUrl, manyTargets, ROUND_S));
        }
      }
      results[name] = r;
    }

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const pinned = cores ? '; both servers on one core of their own' : '';
    console.log(`\n# Sites (one site beside ${SITES} sites of 50 members; 16 connections, ${ROUNDS} alternating ${ROUND_S} s rounds, medians${pinned})`);
    console.log(`opening a site (rows only): p50 ${ms(pct(openMs, 50))}  p99 ${ms(pct(openMs, 99))}  max ${ms(Math.max(...openMs))}  (${openMs.length} sites)`);
    console.log(`50 members on each of ${prefixes.length} sites: ${ms(membersMs)} (one statement)`);
    for (const [name, r] of Object.entries(results)) {
      const what = name === 'lookup' ? 'site lookup' : '/api/member/info';
      const ratio = median(r.many.map((m, i) => m / r.one[i]!));
      console.log(
        `${what.padEnd(18)} 1 site ${median(r.one).toFixed(0).padStart(7)} req/s   ${SITES} sites ${median(r.many).toFixed(0).padStart(7)} req/s   ratio ${ratio.toFixed(2)}x`,
      );
    }
  } finally {
    cores?.release();
    await Promise.all([oneChild.close(), manyChild.close()]);
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
