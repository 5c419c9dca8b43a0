/**
 * Spec-driven fuzz: for every call in the served OpenAPI document, bodies generated from the
 * document's own request schema (a few valid, a few broken: a required field missing, a field of
 * the wrong type, an unknown field), sent over HTTP by the caller the call's access names
 * (vendor callbacks signed). Never a 5xx, and every answer — success or refusal, with its data —
 * validates against the document's response for its HTTP status. PITBOSS_FUZZ_SEED to replay.
 * Kept cheap for CI: a call's five bodies go at once, and a role's session is made again only
 * after a call may have ended it (46.7 s to 35.4 s for the same seed's 1,090 calls).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/server/domain/games/signature.js';
import { forgetSites } from '../../src/server/http/route.js';
import { allRoutes } from '../../src/server/http/routes.js';
import { vendorSecret } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId, sessionFor } from './moneyKit.js';
import { answerChecker, servedDocument, type OpenApi } from './openapiKit.js';

type Schema = { [k: string]: any };

/** A small seeded generator (mulberry32): the same seed, the same bodies. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)], int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}
type Rng = ReturnType<typeof rng>;

const strings = ['user1', 'user2', 'ptn7', 'admin', 'demo', 'demo-slot', 'lucky-sevens', '1', '10000', '2026-01-01', '2026-01-01 00:00:00', 'Y', 'N', '한글 제목', 'abc'];

/** A value the schema accepts (as far as the generator reads it: refinements it cannot see make a refusal, which is fine). */
function validOf(s: Schema, doc: OpenApi, r: Rng, depth = 0): unknown {
  if (s.$ref) return validOf(doc.components.schemas[s.$ref.split('/').pop()] as Schema, doc, r, depth + 1);
  if ('const' in s) return s.const;
  if (s.enum) return r.pick(s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return validOf(r.pick((alts as Schema[]).filter((a) => depth < 4 || a.type === 'null') || alts), doc, r, depth + 1);
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) if (s.required?.includes(k) || r.next() < 0.5) out[k] = validOf(v, doc, r, depth + 1);
      return out;
    }
    case 'array': {
      const n = depth > 3 ? (s.minItems ?? 0) : r.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => validOf(s.items ?? {}, doc, r, depth + 1));
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const hi = Math.min(s.maximum ?? 100_000, lo + 100_000);
      return r.pick([lo, hi, r.int(lo, hi)]);
    }
    case 'boolean':
      return r.next() < 0.5;
    case 'null':
      return null;
    case 'string': {
      const fits = (v: string) => (!s.pattern || new RegExp(s.pattern, 'u').test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
      const ok = strings.filter(fits);
      return ok.length ? r.pick(ok) : 'x'.repeat(s.minLength ?? 1);
    }
    default:
      return r.pick(strings);
  }
}

/** A body the schema refuses: a required field gone, a field of the wrong type, or an unknown field. */
function brokenOf(s: Schema, doc: OpenApi, r: Rng): Record<string, unknown> {
  const body = validOf(s, doc, r) as Record<string, unknown>;
  const keys = Object.keys(body).filter((k) => k !== 'siteId');
  const way = keys.length ? r.int(0, 2) : 2;
  if (way === 0) Reflect.deleteProperty(body, r.pick((s.required as string[] | undefined)?.filter((k) => k !== 'siteId') ?? keys) ?? keys[0]);
  else if (way === 1) {
    const k = r.pick(keys);
    body[k] = typeof body[k] === 'string' ? r.pick([{}, [1], true]) : r.pick(['not a number', { a: 1 }, -1e308]);
  } else body[r.pick(['__proto__', 'extra', '한글키'])] = r.pick([{ isAdmin: true }, 'x', 1]);
  return body;
}

describe(`the document's calls, fuzzed from the document (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 400_000);
  afterAll(() => s?.close());

  it('answers every call with no 5xx and an answer its documented response accepts', async () => {
    const doc = await servedDocument();
    const check = answerChecker(doc);
    const access = new Map(allRoutes.map((r) => [r.call.path, r.call.access]));
    const seed = Number(process.env.PITBOSS_FUZZ_SEED ?? Date.now() % 1_000_000);
    const ids = { member: await memberId(s.app.db, s.siteId, 'user1'), partner: await memberId(s.app.db, s.siteId, 'ptn7'), admin: await memberId(s.app.db, s.siteId, 'admin') };
    const secret = await vendorSecret(s, 'demo-slot');
    const failures: string[] = [];
    const codes = new Map<string, number>();
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(100);

    // one session per role, made again only after a call may have ended it (a logout, a TK answer)
    const tokens = new Map<string, string>();
    const tokenOf = async (who: 'member' | 'partner' | 'admin') => tokens.get(who) ?? tokens.set(who, await sessionFor(s.app.db, s.siteId, ids[who])).get(who)!;

    /** One body sent as the call's caller would send it; its answer checked against the document. */
    async function send(path: string, who: string | undefined, token: string | null, body: Record<string, unknown>): Promise<string> {
      if (who !== 'public') body.siteId = s.siteId;
      const raw = JSON.stringify(body);
      const url = who === 'vendor' ? path.replace('{vendorCode}', 'demo-slot') : path;
      const res = await s.raw(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(who === 'vendor' ? { 'x-signature': sign(secret, raw) } : { authorization: s.apiKey }),
          ...(token ? { 'x-auth-token': token } : {}),
        },
        body: raw,
      });
      const text = await res.text();
      let answer: { resultCode?: unknown } | null;
      try {
        answer = JSON.parse(text);
      } catch {
        failures.push(`${path}: not JSON (${res.status}) ${text.slice(0, 120)}`);
        return '(not JSON)';
      }
      const code = String(answer?.resultCode);
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${path}: HTTP ${res.status} ${text.slice(0, 200)} <- ${raw.slice(0, 300)}`);
      const wrong = check(path, res.status, answer);
      if (wrong) failures.push(`${wrong} <- ${raw.slice(0, 200)}`);
      return code;
    }

    for (const [i, path] of paths.entries()) {
      const r = rng(seed + i);
      const who = access.get(path);
      const role = who === 'member' || who === 'partner' || who === 'admin' ? who : null;
      const token = role ? await tokenOf(role) : null;
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema as Schema;
      const bodies = [0, 1, 2].map(() => validOf(schema, doc, r) as Record<string, unknown>).concat([0, 1].map(() => brokenOf(schema, doc, r)));
      // a call's five bodies at once, as clients in parallel would send them: the calls run one after another
      const answered = await Promise.all(bodies.map((body) => send(path, who, token, body)));
      if (/logout/i.test(path) || answered.some((c) => c.startsWith('TK'))) tokens.clear();
      // a fuzzed logout, lock or maintenance window must not starve the calls after it
      await Promise.all([
        s.app.db.updateTable('site').set({ check_start: null, check_end: null, seal_yn: 'N' }).where('id', '=', s.siteId).execute(),
        s.app.db.updateTable('member').set({ login_yn: 'Y', status: 'ACTIVE', failed_logins: 0 }).where('id', 'in', Object.values(ids)).execute(),
      ]);
      forgetSites();
    }
    console.log(`openapi fuzz (${testDb}, seed ${seed}): ${paths.length} calls; codes ${JSON.stringify(Object.fromEntries([...codes].sort((a, b) => b[1] - a[1]).slice(0, 20)))}`);
    expect(failures, `seed ${seed}\n${failures.slice(0, 30).join('\n')}`).toEqual([]);
    await expectSound(s.app.db, s.siteId);
  }, 300_000);
});
