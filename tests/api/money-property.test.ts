import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, rid } from './moneyKit.js';

const players = ['user1', 'user2', 'user3', 'user6', 'user7'];
const parentOf: Record<string, string> = { user1: 'ptn7', user2: 'ptn7', user3: 'ptn7', user6: 'ptn6', user7: 'ptn6', ptn7: 'ptn6', ptn6: 'ptn5' };
const children = Object.keys(parentOf);

const amount = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 20 }).map((n) => n * 10_000), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 500_000 }), weight: 1 },
);
const then = fc.oneof(
  { arbitrary: fc.constantFrom('approve', 'reject', 'cancel'), weight: 6 },
  { arbitrary: fc.constant('leave'), weight: 1 },
);
const op = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), who: fc.constantFrom(...players), amt: amount, then }),
  fc.record({ t: fc.constant('withdraw' as const), who: fc.constantFrom(...players), amt: amount, then }),
  fc.record({ t: fc.constantFrom('give' as const, 'retrieve' as const), who: fc.constantFrom(...children), amt: amount, kind: fc.constantFrom('cash', 'point') }),
  fc.record({ t: fc.constant('convert' as const), who: fc.constantFrom(...players), amt: amount, wait: fc.boolean() }),
  fc.record({ t: fc.constant('grant' as const), who: fc.constantFrom(...players, 'ptn7', 'ptn6'), amt: amount, mode: fc.constantFrom(2, -2), kind: fc.constantFrom('cash', 'point') }),
  fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('finish' as const), pick: fc.nat(), then }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

describe(`money properties (${testDb})`, () => {
  let s: TestServer;
  const tokens = new Map<string, string>();
  const sent: { memId: string; path: string; body: Record<string, unknown>; answer: unknown }[] = [];
  const open: { memId: string; cashIdx: number }[] = [];
  const clock = () => s.app.clock as unknown as { offsetMs: number };

  beforeAll(async () => {
    s = await startTestServer();
    for (const m of ['admin', 'ptn5', 'ptn6', 'ptn7', ...players]) tokens.set(m, await s.login(m));
    for (const p of ['ptn5', 'ptn6', 'ptn7']) {
      await s.post('/api/admin/cash/grant', { memId: p, cashAmt: 1_000_000, mode: 2, kind: 'point', requestId: rid() }, tokens.get('admin'));
    }
  }, 180_000);
  afterAll(() => s?.close());

  async function send(memId: string, path: string, body: Record<string, unknown>) {
    const full = { requestId: rid(), ...body };
    const r = await s.post(path, full, tokens.get(memId));
    expect(r.resultCode, `${path} ${r.resultMessage}`).not.toMatch(/^(S500|V001|R)/);
    sent.push({ memId, path, body: full, answer: r });
    return r;
  }

  async function finish(memId: string, cashIdx: number, then: string) {
    if (then === 'leave') return void open.push({ memId, cashIdx });
    if (then === 'cancel') return void (await send(memId, '/api/cash/del', { cashIdx }));
    await send('admin', '/api/admin/cash/process', { cashIdx, cashStatus: 2 });
    await send('admin', '/api/admin/cash/process', { cashIdx, cashStatus: then === 'approve' ? 1 : -1 });
  }

  async function apply(o: Op) {
    switch (o.t) {
      case 'deposit':
      case 'withdraw': {
        const path = o.t === 'deposit' ? '/api/cash/in' : '/api/cash/out';
        const r = await send(o.who, path, { cashAmt: o.amt, cashOutPass: '1234' });
        if (r.resultCode !== '0') return;
        return finish(o.who, r.data.cashIdx, o.then);
      }
      case 'finish': {
        if (!open.length) return;
        const [p] = open.splice(o.pick % open.length, 1);
        return finish(p.memId, p.cashIdx, o.then);
      }
      case 'give':
      case 'retrieve': {
        const partner = parentOf[o.who];
        if (o.kind === 'point') return void (await send(partner, '/api/v2/retail/pointChange', { memId: o.who, pointType: o.t === 'give' ? 2 : -2, pointAmt: o.amt }));
        const path = o.t === 'give' ? '/api/v2/retail/cashIn' : '/api/v2/retail/cashOut';
        return void (await send(partner, path, { memId: o.who, [o.t === 'give' ? 'inAmt' : 'outAmt']: o.amt }));
      }
      case 'convert':
        if (o.wait) clock().offsetMs += 61_000;
        return void (await send(o.who, '/api/cash/pointChg', { pointAmt: o.amt }));
      case 'grant':
        return void (await send('admin', '/api/admin/cash/grant', { memId: o.who, cashAmt: o.amt, mode: o.mode, kind: o.kind }));
      case 'replay': {
        if (!sent.length) return;
        const first = sent[o.pick % sent.length];
        const again = await s.post(first.path, first.body, tokens.get(first.memId));
        // a finished call answers the same; a refused one was never stored and is judged afresh
        if ((first.answer as { resultCode: string }).resultCode === '0') expect(again).toEqual(first.answer);
        return;
      }
    }
  }

  it('keeps every invariant over random sequences with replays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const before = await expectSound(s.app.db, s.siteId);
        for (const o of ops) await apply(o);
        const after = await expectSound(s.app.db, s.siteId);
        expect(after.totals).toEqual(before.totals);
      }),
      { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 120), endOnFailure: true },
    );
    const tally: Record<string, number> = {};
    for (const x of sent) {
      const k = `${x.path} ${(x.answer as { resultCode: string }).resultCode}`;
      tally[k] = (tally[k] ?? 0) + 1;
    }
    if (process.env.MONEY_VERBOSE) console.log(tally);
    // the sequences must actually move money, not only be refused
    expect(sent.filter((x) => (x.answer as { resultCode: string }).resultCode === '0').length).toBeGreaterThan(sent.length / 3);
  }, 300_000);
});
