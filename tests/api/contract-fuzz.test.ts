/**
 * Contract fuzz: every call in src/contract (found by walking the modules), with bodies that
 * fast-check derives from the call's zod request schema and pushes to the edges (wrong types,
 * huge and negative numbers, NUL, long unicode, impossible dates, missing and extra fields,
 * `__proto__`, `constructor`), sent over HTTP as an anonymous client, a player, a partner and
 * the operator. Never a 5xx, never a stack in the body, every answer one the served OpenAPI
 * document's response for its status accepts, and afterwards the ledger is exact.
 * PITBOSS_FUZZ_RUNS (default 3) bodies per call and caller; PITBOSS_FUZZ_SEED to replay.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '../../src/contract/define.js';
import { forgetSites } from '../../src/server/http/route.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId, sessionFor } from './moneyKit.js';
import { answerChecker, servedDocument } from './openapiKit.js';
import * as adminArea from '../../src/contract/admin.js';
import * as betArea from '../../src/contract/bet.js';
import * as boardArea from '../../src/contract/board.js';
import * as cashArea from '../../src/contract/cash.js';
import * as commonArea from '../../src/contract/common.js';
import * as gameArea from '../../src/contract/game.js';
import * as memberArea from '../../src/contract/member.js';
import * as messageArea from '../../src/contract/message.js';
import * as partnerArea from '../../src/contract/partner.js';
import * as pointArea from '../../src/contract/point.js';
import * as protectionArea from '../../src/contract/protection.js';
import * as rateArea from '../../src/contract/rate.js';
import * as retailArea from '../../src/contract/retail.js';
import * as siteArea from '../../src/contract/site.js';
import * as statsArea from '../../src/contract/stats.js';

/** Every contract module; the calls inside are found by walking them. */
const modules = [
  adminArea,
  betArea,
  boardArea,
  cashArea,
  commonArea,
  gameArea,
  memberArea,
  messageArea,
  partnerArea,
  pointArea,
  protectionArea,
  rateArea,
  retailArea,
  siteArea,
  statsArea,
];

function allCalls(): Call[] {
  const out = new Map<string, Call>();
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 5 || seen.has(v)) return;
    seen.add(v);
    const c = v as Call;
    if (typeof c.path === 'string' && c.req && c.res && c.access) out.set(c.path, c);
    else for (const x of Object.values(v)) walk(x, depth + 1);
  };
  for (const m of modules) walk(m, 0);
  return [...out.values()].sort((a, b) => a.path.localeCompare(b.path));
}

// --- zod schema -> arbitrary (zod 4 definitions)
type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodType): Def => (s as any)._zod.def;

/** The schema under wrappers (optional, default, preprocess, transforms). */
function base(s: z.ZodType, depth = 0): z.ZodType {
  const d = defOf(s);
  if (depth > 10) return s;
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) return base(d.innerType, depth + 1);
  if (d.type === 'pipe') return base(defOf(d.in).type === 'transform' ? d.out : d.in, depth + 1);
  if (d.type === 'lazy') return base(d.getter(), depth + 1);
  return s;
}

const longUnicode = '한글𝕏ا\u202e\u200b'.repeat(700);
const edges: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -(2 ** 53),
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  1.5,
  -0.0001,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0x2710',
  '0b1010',
  '1e4',
  '1,0000',
  '+10',
  ' 10',
  '-1',
  '9'.repeat(400),
  longUnicode,
  '<img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\ud800',
  '2026-02-30',
  '2026-01-01 25:61:00',
  '9999-12-31 23:59:59',
  '0000-00-00',
  [],
  {},
  [1, 'a', null],
  { a: { b: { c: [1] } } },
  '__proto__',
  'constructor',
];
const names = ['user1', 'user2', 'ptn7', 'ptn6', 'ptn1', 'admin', 'nobody', 'demo', 'demo-slot', 'lucky-sevens', 'slot', 'casino'];
const wire = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19).replace('T', ' '));

function valid(s: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const b = base(s);
  const d = defOf(b);
  if (depth > 3) return fc.constant(null);
  switch (d.type) {
    case 'string':
      return fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 24 }), wire, fc.stringMatching(/^[0-9]{1,8}$/));
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.constantFrom(1, 2, 10_000, 100_000));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'array':
      return fc.array(valid(d.element, depth + 1), { maxLength: 3 });
    case 'object':
      return body(b, depth + 1).map((entries) => Object.fromEntries(entries));
    case 'union':
      return fc.oneof(...(d.options as z.ZodType[]).map((o) => valid(o, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer());
  }
}

const field = (s: z.ZodType, depth: number) => fc.oneof({ weight: 3, arbitrary: valid(s, depth) }, { weight: 2, arbitrary: fc.constantFrom(...edges) });

/** Entries (so `__proto__` and `constructor` can be real JSON keys): each field valid, at an edge, or missing, plus extras. */
function body(s: z.ZodType, depth = 0): fc.Arbitrary<[string, unknown][]> {
  const b = base(s);
  const shape = defOf(b).type === 'object' ? (defOf(b).shape as Record<string, z.ZodType>) : {};
  const fields = Object.entries(shape).map(([k, v]) =>
    fc.option(
      field(v, depth).map((x) => [k, x] as [string, unknown]),
      { freq: 4 },
    ),
  );
  const extras = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x\u0000', '한글키', 'extra'), fc.constantFrom(...edges, { isAdmin: true })),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([f, x]) => [...f.filter((e): e is [string, unknown] => e !== null), ...x]);
}

const json = (entries: [string, unknown][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
const stackLike = /\bat [\w.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+:\d+/;

describe(`contract fuzz over HTTP (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 400_000);
  afterAll(() => s?.close());

  it('answers every call, for every caller, without a 5xx or a stack, and the ledger stays exact', async () => {
    const calls = allCalls();
    expect(calls.length).toBeGreaterThan(100);
    const check = answerChecker(await servedDocument());
    const runs = Number(process.env.PITBOSS_FUZZ_RUNS ?? 3);
    const seed = Number(process.env.PITBOSS_FUZZ_SEED ?? Date.now() % 1_000_000);
    const ids = { player: await memberId(s.app.db, s.siteId, 'user1'), partner: await memberId(s.app.db, s.siteId, 'ptn7'), operator: await memberId(s.app.db, s.siteId, 'admin') };
    const failures: string[] = [];
    const codes = new Map<string, number>();
    let sent = 0;

    for (const [i, c] of calls.entries()) {
      // fresh sessions and a normal site for every call: a fuzzed logout, lock or maintenance window must not starve the rest
      const tokens: Record<string, string | null> = {
        anonymous: null,
        player: await sessionFor(s.app.db, s.siteId, ids.player),
        partner: await sessionFor(s.app.db, s.siteId, ids.partner),
        operator: await sessionFor(s.app.db, s.siteId, ids.operator),
      };
      const bodies = fc.sample(body(c.req), { numRuns: runs * 4, seed: seed + i });
      for (const [j, who] of Object.keys(tokens).entries()) {
        for (const entries of bodies.slice(j * runs, (j + 1) * runs)) {
          const withSite = entries.some(([k]) => k === 'siteId') ? entries : [['siteId', s.siteId] as [string, unknown], ...entries];
          const payload = json(withSite);
          const res = await s.raw(c.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: s.apiKey, ...(tokens[who] ? { 'x-auth-token': tokens[who]! } : {}) },
            body: payload,
          });
          sent++;
          const text = await res.text();
          let code = '?';
          try {
            const answer = JSON.parse(text);
            code = String(answer.resultCode);
            const wrong = check(c.path, res.status, answer);
            if (wrong) failures.push(`${c.path} as ${who}: ${wrong}`);
          } catch {
            failures.push(`${c.path} as ${who}: not an envelope (${res.status}) ${text.slice(0, 120)}`);
          }
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (res.status >= 500 || stackLike.test(text)) failures.push(`${c.path} as ${who}: ${res.status} ${code} ${text.slice(0, 160)} <- ${payload.slice(0, 300)}`);
        }
      }
      await s.app.db.updateTable('site').set({ check_start: null, check_end: null, seal_yn: 'N' }).where('id', '=', s.siteId).execute();
      await s.app.db.updateTable('member').set({ login_yn: 'Y', status: 'ACTIVE', failed_logins: 0 }).where('id', 'in', Object.values(ids)).execute();
      forgetSites();
    }
    console.log(
      `contract fuzz (${testDb}, seed ${seed}): ${calls.length} calls, ${sent} requests; codes ${JSON.stringify(Object.fromEntries([...codes].sort((a, b) => b[1] - a[1]).slice(0, 25)))}`,
    );
    expect(failures, `seed ${seed}\n${failures.slice(0, 30).join('\n')}`).toEqual([]);
    await expectSound(s.app.db, s.siteId);
  }, 600_000);
});
