import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSites } from '../../src/server/http/route.js';
import { callback, tx } from './gamesKit.js';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { inBankMaintenance } from '../../src/server/domain/money/cashRules.js';
import type { Call } from '../../src/contract/define.js';
import { expectSound, rid } from './moneyKit.js';
import { adminCalls } from '../../src/contract/admin.js';
import { toWire } from '../../src/server/domain/common/time.js';
import { cashCalls } from '../../src/contract/cash.js';
import { couponCalls } from '../../src/contract/coupon.js';
import { gameCalls } from '../../src/contract/game.js';
import { pointCalls } from '../../src/contract/point.js';
import { protectionCalls } from '../../src/contract/protection.js';
import { retailCalls } from '../../src/contract/retail.js';

const players = ['user1', 'user2', 'user3', 'user6', 'user7'];
const parentOf: Record<string, string> = { user1: 'ptn7', user2: 'ptn7', user3: 'ptn7', user6: 'ptn6', user7: 'ptn6', ptn7: 'ptn6', ptn6: 'ptn5' };
const children = Object.keys(parentOf);
const members = ['ptn5', 'ptn6', 'ptn7', ...players];
// a seamless vendor pays from cash, a transfer vendor from the player's game money there
const games = { 'demo-slot': 'lucky-sevens', 'demo-live': 'baccarat-a' } as const;
type VendorCode = keyof typeof games;

const amount = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 20 }).map((n) => n * 10_000), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 500_000 }), weight: 1 });
const then = fc.oneof({ arbitrary: fc.constantFrom('approve', 'reject', 'cancel'), weight: 6 }, { arbitrary: fc.constant('leave'), weight: 1 });
const vendor = fc.constantFrom<VendorCode>('demo-slot', 'demo-live');
const op = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), who: fc.constantFrom(...players), amt: amount, then }),
  fc.record({ t: fc.constant('withdraw' as const), who: fc.constantFrom(...players), amt: amount, then }),
  fc.record({ t: fc.constantFrom('give' as const, 'retrieve' as const), who: fc.constantFrom(...children), amt: amount, kind: fc.constantFrom('cash', 'point') }),
  fc.record({ t: fc.constant('convert' as const), who: fc.constantFrom(...players), amt: amount, wait: fc.boolean() }),
  fc.record({
    t: fc.constant('grant' as const),
    who: fc.constantFrom(...players, 'ptn7', 'ptn6'),
    amt: amount,
    mode: fc.constantFrom(2, -2),
    kind: fc.constantFrom('cash', 'point'),
  }),
  fc.record({ t: fc.constant('launch' as const), who: fc.constantFrom(...players) }),
  fc.record({
    t: fc.constant('gameOut' as const),
    who: fc.constantFrom(...players),
    amt: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 30 }).map((n) => n * 10_000),
    ),
  }),
  fc.record({ t: fc.constant('bet' as const), who: fc.constantFrom(...players), v: vendor, amt: fc.integer({ min: 1, max: 60 }).map((n) => n * 1_000) }),
  fc.record({ t: fc.constant('settle' as const), pick: fc.nat(), times: fc.constantFrom(0, 0, 1, 2, 3), rollback: fc.boolean() }),
  fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('finish' as const), pick: fc.nat(), then }),
  fc.record({
    t: fc.constant('couponIssue' as const),
    by: fc.constantFrom('admin', 'ptn6', 'ptn7'),
    who: fc.constantFrom('user1', 'user2', 'user3'),
    amt: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 30 }).map((n) => n * 1_000), weight: 4 }, { arbitrary: fc.constant(0), weight: 1 }),
    cnt: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({ t: fc.constant('couponUse' as const), pick: fc.nat(), as: fc.constantFrom('owner', 'owner', 'owner', 'other') }),
  fc.record({
    t: fc.constant('limit' as const),
    who: fc.constantFrom(...players),
    kind: fc.constantFrom('deposit_day', 'loss_day'),
    amt: fc.integer({ min: 1, max: 40 }).map((n) => n * 10_000),
  }),
);
type Answer = { resultCode: string; data: any };

/**
 * Random sequences of every movement kind against a model of each member's cash and game money:
 * cash requests (deposit and withdrawal; approve, reject, cancel) with deposit events on, give and
 * retrieve (cash and points), conversions, operator grants and recoveries, game money in (launch)
 * and out, the wallet's bets, wins and rollbacks on a seamless and a transfer vendor, replays, and
 * the players' own deposit and loss limits (refusals C104, B6010, B6011 move nothing), and cash
 * coupons (issued by the operator or a partner from its cash, redeemed once by their owner).
 * Every answer that moved money moves the model; the stored balances must end equal to it, and the
 * ledger invariants hold around every sequence.
 */
describe(`money properties (${testDb})`, () => {
  let s: TestServer;
  const tokens = new Map<string, string>();
  const sent: { memId: string; path: string; body: Record<string, unknown>; answer: Answer }[] = [];
  const called: { v: VendorCode; action: string; body: Record<string, unknown>; answer: Answer }[] = [];
  const open: { memId: string; cashIdx: number; kind: 'in' | 'out'; amt: number }[] = [];
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  // a conversion's wait moves the server's clock on (minutes over a run): it steps over the bank's
  // nightly window, where every withdrawal is refused, as the start does with bankSafeOffset
  const wait = (ms: number) => {
    clock().offsetMs += ms;
    if (inBankMaintenance(new Date(s.now()))) clock().offsetMs += 61 * 60_000;
  };

  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
    for (const m of ['admin', ...members]) tokens.set(m, await s.login(m));
    for (const p of ['ptn5', 'ptn6', 'ptn7']) {
      await s.call(adminCalls.grant, { memId: p, cashAmt: 1_000_000, mode: 2, kind: 'point', requestId: rid() }, tokens.get('admin'));
    }
    // every deposit earns an event: the first of a day 5%, any other 2%
    const site = await s.app.db.selectFrom('site').select('options').where('id', '=', s.siteId).executeTakeFirstOrThrow();
    const options = { ...(site.options as Record<string, unknown>), eventDailyFirstPct: 5, eventEveryPct: 2.5 };
    await s.app.db
      .updateTable('site')
      .set({ options: JSON.stringify(options) })
      .where('id', '=', s.siteId)
      .execute();
    forgetSites();
  }, 600_000);
  afterAll(() => s?.close());

  async function send(memId: string, c: Call, body: Record<string, unknown>): Promise<Answer> {
    const full = { requestId: rid(), ...body };
    const r = await s.loose(tokens.get(memId))(c, full);
    expect(r.resultCode, `${c.path} ${r.resultMessage}`).not.toMatch(/^(S500|V001|R)/);
    sent.push({ memId, path: c.path, body: full, answer: r });
    return r;
  }

  /** What a player may still deposit or lose today: the movements' own figure (null: no limit). */
  async function room(who: string, what: 'deposit' | 'loss') {
    const { rows } = await sql<{ r: string | null }>`select protection_left(m.id, ${what}, ${new Date(s.now())}::timestamptz) as r
      from member m where m.site_id = ${s.siteId} and m.mem_id = ${who}`.execute(s.app.db);
    return rows[0].r === null ? null : Number(rows[0].r);
  }

  async function stored() {
    await s.app.accrual.flush();
    const db = s.app.db;
    const live = await db.selectFrom('vendor').select('id').where('site_id', '=', s.siteId).where('code', '=', 'demo-live').executeTakeFirstOrThrow();
    const rows = await db.selectFrom('member').select(['id', 'mem_id', 'cash_amt']).where('site_id', '=', s.siteId).where('mem_id', 'in', members).execute();
    const held = await db
      .selectFrom('game_wallet')
      .select(['member_id', 'balance'])
      .where('vendor_id', '=', live.id)
      .where(
        'member_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return {
      cash: new Map(rows.map((r) => [r.mem_id, r.cash_amt])),
      game: new Map(rows.map((r) => [r.mem_id, held.find((h) => h.member_id === r.id)?.balance ?? 0])),
    };
  }

  it("moves exactly the model's money over random sequences of every movement kind; the ledger stays exact", async () => {
    const bets: { v: VendorCode; who: string; txId: string; stake: number; state: 'wait' | 'settled' | 'cancel' }[] = [];
    const coupons: { id: number; who: string; amt: number; used: boolean }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const before = await expectSound(s.app.db, s.siteId);
        const { cash, game } = await stored();
        const add = (m: Map<string, number>, who: string, d: number) => m.set(who, m.get(who)! + d);
        const funds = (who: string, v: VendorCode) => (v === 'demo-slot' ? cash : game).get(who)!;
        const openBet = (who: string) => bets.some((b) => b.who === who && b.v === 'demo-live' && b.state === 'wait');

        const finish = async (r: (typeof open)[number], how: string) => {
          if (how === 'leave') return void open.push(r);
          if (how === 'cancel') {
            if ((await send(r.memId, cashCalls.cancel, { cashIdx: r.cashIdx })).resultCode === '0' && r.kind === 'out') add(cash, r.memId, r.amt);
            return;
          }
          if ((await send('admin', adminCalls.cashProcess, { cashIdx: r.cashIdx, cashStatus: 2 })).resultCode !== '0') return;
          const done = await send('admin', adminCalls.cashProcess, { cashIdx: r.cashIdx, cashStatus: how === 'approve' ? 1 : -1 });
          expect(done.resultCode).toBe('0');
          if (how === 'approve' && r.kind === 'in') add(cash, r.memId, r.amt);
          if (how === 'reject' && r.kind === 'out') add(cash, r.memId, r.amt);
        };
        const wallet = async (v: VendorCode, action: string, body: Record<string, unknown>) => {
          const r = await callback(s, v, action, body);
          called.push({ v, action, body, answer: { resultCode: r.resultCode, data: r.data } });
          return r;
        };

        for (const o of ops) {
          switch (o.t) {
            case 'deposit':
            case 'withdraw': {
              const has = cash.get(o.who)!;
              const left = o.t === 'deposit' ? await room(o.who, 'deposit') : null;
              const r = await send(o.who, o.t === 'deposit' ? cashCalls.deposit : cashCalls.withdraw, { cashAmt: o.amt, cashOutPass: '1234' });
              if (o.t === 'withdraw' && o.amt > has) expect(r.resultCode).not.toBe('0');
              if (r.resultCode === 'C104') expect(o.amt).toBeGreaterThan(left!);
              if (left !== null && o.amt > left) expect(r.resultCode).not.toBe('0');
              if (r.resultCode !== '0') break;
              if (o.t === 'withdraw') add(cash, o.who, -o.amt);
              await finish({ memId: o.who, cashIdx: r.data.cashIdx, kind: o.t === 'deposit' ? 'in' : 'out', amt: o.amt }, o.then);
              break;
            }
            case 'finish':
              if (open.length) await finish(open.splice(o.pick % open.length, 1)[0], o.then);
              break;
            case 'give':
            case 'retrieve': {
              const partner = parentOf[o.who];
              if (o.kind === 'point') {
                await send(partner, retailCalls.pointChange, { memId: o.who, pointType: o.t === 'give' ? 2 : -2, pointAmt: o.amt });
                break;
              }
              const [payer, payee] = o.t === 'give' ? [partner, o.who] : [o.who, partner];
              const r = await send(partner, o.t === 'give' ? retailCalls.cashIn : retailCalls.cashOut, { memId: o.who, [o.t === 'give' ? 'inAmt' : 'outAmt']: o.amt });
              if (o.amt > 0) expect(r.resultCode).toBe(cash.get(payer)! < o.amt ? (o.t === 'give' ? 'C202' : 'C702') : '0');
              if (r.resultCode === '0') {
                add(cash, payer, -o.amt);
                add(cash, payee, o.amt);
              }
              break;
            }
            case 'convert': {
              if (o.wait) wait(61_000);
              if ((await send(o.who, pointCalls.convert, { pointAmt: o.amt })).resultCode === '0') add(cash, o.who, o.amt);
              break;
            }
            case 'grant': {
              const r = await send('admin', adminCalls.grant, { memId: o.who, cashAmt: o.amt, mode: o.mode, kind: o.kind });
              if (o.kind === 'cash' && o.mode === -2 && o.amt > 0) expect(r.resultCode).toBe(cash.get(o.who)! < o.amt ? 'C202' : '0');
              if (r.resultCode === '0' && o.kind === 'cash') add(cash, o.who, o.mode === 2 ? o.amt : -o.amt);
              break;
            }
            case 'launch': {
              const left = await room(o.who, 'loss');
              const r = await send(o.who, gameCalls.launch, { vendorKey: 'demo-live', gameKey: games['demo-live'] });
              if (left !== null && left <= 0) expect(r.resultCode).toBe('B6011');
              else if (cash.get(o.who)! + game.get(o.who)! <= 0) expect(r.resultCode).toBe('B6000');
              if (r.resultCode !== '0') break;
              add(game, o.who, cash.get(o.who)!);
              cash.set(o.who, 0);
              expect(r.data).toMatchObject({ cashAmt: 0, gameAmt: game.get(o.who) });
              break;
            }
            case 'gameOut': {
              // the demo vendor deals a player's baccarat rounds left open for a minute first (a win
              // the model cannot know): C009 for an open round is the games suite's
              if (openBet(o.who)) break;
              const r = await send(o.who, gameCalls.outGameMoney, { vendorCode: 'demo-live', cashAmt: o.amt });
              const want = o.amt || game.get(o.who)!;
              expect(r.resultCode).toBe(want > game.get(o.who)! ? 'C202' : '0');
              if (r.resultCode !== '0') break;
              expect(r.data.moved).toBe(want);
              add(game, o.who, -want);
              add(cash, o.who, want);
              expect(r.data).toMatchObject({ cashAmt: cash.get(o.who), gameAmt: game.get(o.who) });
              break;
            }
            case 'bet': {
              const txId = tx('mb');
              const left = await room(o.who, 'loss');
              const r = await wallet(o.v, 'bet', { memId: o.who, txId, roundId: txId, gameCode: games[o.v], amount: o.amt });
              if (left !== null && o.amt > left) {
                expect(r.resultCode).toBe('B6010');
                break;
              }
              if (funds(o.who, o.v) < o.amt) {
                expect(r.resultCode).toBe('B6000');
                break;
              }
              expect(r.resultCode).toBe('0');
              add(o.v === 'demo-slot' ? cash : game, o.who, -o.amt);
              expect(r.data.balance).toBe(funds(o.who, o.v));
              bets.push({ v: o.v, who: o.who, txId, stake: o.amt, state: 'wait' });
              break;
            }
            case 'settle': {
              if (!bets.length) break;
              const b = bets[o.pick % bets.length];
              const paid = o.rollback ? b.stake : b.stake * o.times;
              const r = o.rollback
                ? await wallet(b.v, 'rollback', { memId: b.who, txId: tx('mr'), betTxId: b.txId })
                : await wallet(b.v, 'win', { memId: b.who, txId: tx('mw'), betTxId: b.txId, amount: paid });
              if (b.state === 'settled') expect(r.resultCode).toBe('W004');
              else if (b.state === 'cancel') expect(r.resultCode).toBe(o.rollback ? '0' : 'W005');
              else {
                expect(r.resultCode).toBe('0');
                add(b.v === 'demo-slot' ? cash : game, b.who, paid);
                expect(r.data.balance).toBe(funds(b.who, b.v));
                b.state = o.rollback ? 'cancel' : 'settled';
              }
              break;
            }
            case 'couponIssue': {
              const body = { target: 'member', memId: o.who, couponAmt: o.amt, couponCnt: o.cnt, expireDate: toWire(new Date(s.now() + 86_400_000)) };
              const r = await send(o.by, o.by === 'admin' ? couponCalls.adminIssue : couponCalls.partnerIssue, body);
              const total = o.amt * o.cnt;
              if (o.amt === 0) expect(r.resultCode).toBe('CP001');
              else if (o.by !== 'admin') expect(r.resultCode).toBe(cash.get(o.by)! < total ? 'C202' : '0');
              else expect(r.resultCode).toBe('0');
              if (r.resultCode !== '0') break;
              if (o.by !== 'admin') add(cash, o.by, -total);
              const ids = await s.app.db.selectFrom('coupon').select('id').where('issue_move', '=', r.data.issueIdx).orderBy('id').execute();
              expect(ids.length).toBe(o.cnt);
              for (const c of ids) coupons.push({ id: c.id, who: o.who, amt: o.amt, used: false });
              break;
            }
            case 'couponUse': {
              if (!coupons.length) break;
              const c = coupons[o.pick % coupons.length];
              const as = o.as === 'owner' ? c.who : players.find((p) => p !== c.who)!;
              const r = await send(as, couponCalls.use, { couponIdx: c.id });
              expect(r.resultCode).toBe(as !== c.who ? 'CP004' : c.used ? 'CP005' : '0');
              if (r.resultCode !== '0') break;
              c.used = true;
              add(cash, c.who, c.amt);
              expect(r.data.cashAmt).toBe(cash.get(c.who));
              break;
            }
            case 'limit': {
              // a lower (or first) limit holds at once; a higher one waits its day and changes nothing now
              await send(o.who, protectionCalls.limits, { kind: o.kind, amount: o.amt, curPass: 'demo1234!' });
              break;
            }
            case 'replay': {
              // a finished call answers the same; a refused one was never stored and is judged afresh
              // (the limits call answers the state of the moment, not a movement; game money out deals the player's stale demo rounds before its replay lookup: not while one is open)
              const done = [...sent, ...called].filter(
                (x) =>
                  x.answer.resultCode === '0' &&
                  !('path' in x && (x.path === gameCalls.launch.path || x.path === protectionCalls.limits.path || (x.path === gameCalls.outGameMoney.path && openBet(x.memId)))),
              );
              if (!done.length) break;
              const x = done[o.pick % done.length];
              if ('path' in x) expect(await s.post(x.path, x.body, tokens.get(x.memId))).toEqual(x.answer);
              else {
                const again = await callback(s, x.v, x.action, x.body);
                expect({ resultCode: again.resultCode, data: again.data }).toEqual(x.answer);
              }
              break;
            }
          }
        }
        const now = await stored();
        for (const m of members) {
          expect(now.cash.get(m), `${m} cash`).toBe(cash.get(m));
          expect(now.game.get(m), `${m} game money`).toBe(game.get(m));
        }
        const after = await expectSound(s.app.db, s.siteId);
        expect(after.totals).toEqual(before.totals);
        // each sequence starts without limits, or one low loss limit would refuse a player's bets for good
        await s.app.db.deleteFrom('member_limit').execute();
      }),
      {
        // the same SQL runs on both databases: PostgreSQL (production's, and 4x faster here) takes the breadth,
        // embedded PGlite a third of it, enough for its dialect and its one connection
        numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? (testDb === 'postgres' ? 120 : 40)),
        endOnFailure: true,
        // random runs alone may miss a kind (a deposit over the player's own limit, a rollback on one
        // vendor, a coupon used twice): these sequences make every kind move at least once
        examples: [
          [
            [
              { t: 'limit', who: players[0]!, kind: 'deposit_day', amt: 10_000 },
              { t: 'deposit', who: players[0]!, amt: 200_000, then: 'reject' },
            ],
          ],
          [
            [
              { t: 'grant', who: 'user2', amt: 300_000, mode: 2, kind: 'cash' },
              { t: 'grant', who: 'user2', amt: 50_000, mode: 2, kind: 'point' },
              { t: 'grant', who: 'ptn7', amt: 200_000, mode: 2, kind: 'cash' },
              { t: 'convert', who: 'user2', amt: 20_000, wait: true },
              { t: 'deposit', who: 'user2', amt: 100_000, then: 'approve' },
              { t: 'withdraw', who: 'user2', amt: 50_000, then: 'cancel' },
              { t: 'give', who: 'user2', amt: 10_000, kind: 'cash' },
              { t: 'retrieve', who: 'user2', amt: 10_000, kind: 'cash' },
              { t: 'give', who: 'user2', amt: 10_000, kind: 'point' },
              { t: 'bet', who: 'user2', v: 'demo-slot', amt: 10_000 },
              { t: 'settle', pick: 0, times: 2, rollback: false },
              { t: 'bet', who: 'user2', v: 'demo-slot', amt: 10_000 },
              { t: 'settle', pick: 1, times: 0, rollback: true },
              { t: 'launch', who: 'user2' },
              { t: 'bet', who: 'user2', v: 'demo-live', amt: 10_000 },
              { t: 'settle', pick: 2, times: 1, rollback: false },
              { t: 'bet', who: 'user2', v: 'demo-live', amt: 10_000 },
              { t: 'settle', pick: 3, times: 0, rollback: true },
              { t: 'gameOut', who: 'user2', amt: 0 },
              { t: 'couponIssue', by: 'admin', who: 'user2', amt: 1_000, cnt: 1 },
              { t: 'couponIssue', by: 'ptn7', who: 'user2', amt: 1_000, cnt: 1 },
              { t: 'couponUse', pick: 0, as: 'owner' },
              { t: 'couponUse', pick: 0, as: 'owner' },
            ],
          ],
        ],
      },
    );
    const tally: Record<string, number> = {};
    for (const x of [...sent.map((y) => ({ k: y.path, a: y.answer })), ...called.map((y) => ({ k: `${y.v} ${y.action}`, a: y.answer }))]) {
      const k = `${x.k} ${x.a.resultCode}`;
      tally[k] = (tally[k] ?? 0) + 1;
    }
    if (process.env.MONEY_VERBOSE) console.log(tally);
    // the sequences must actually move money of every kind, not only be refused
    for (const k of [
      `${cashCalls.deposit.path} 0`,
      `${cashCalls.withdraw.path} 0`,
      `${cashCalls.cancel.path} 0`,
      `${adminCalls.cashProcess.path} 0`,
      `${retailCalls.cashIn.path} 0`,
      `${retailCalls.cashOut.path} 0`,
      `${retailCalls.pointChange.path} 0`,
      `${pointCalls.convert.path} 0`,
      `${adminCalls.grant.path} 0`,
      `${gameCalls.launch.path} 0`,
      `${gameCalls.outGameMoney.path} 0`,
      'demo-slot bet 0',
      'demo-live bet 0',
      'demo-slot win 0',
      'demo-live win 0',
      'demo-slot rollback 0',
      'demo-live rollback 0',
      `${cashCalls.deposit.path} C104`,
      `${couponCalls.adminIssue.path} 0`,
      `${couponCalls.partnerIssue.path} 0`,
      `${couponCalls.use.path} 0`,
      `${couponCalls.use.path} CP005`,
    ]) {
      expect(tally[k], `${k} in ${JSON.stringify(tally)}`).toBeGreaterThan(0);
    }
    const points = await s.app.db
      .selectFrom('ledger_entry')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('site_id', '=', s.siteId)
      .where('type_code', 'in', [5, 6, 7])
      .executeTakeFirstOrThrow();
    expect(Number(points.n), 'deposit events paid').toBeGreaterThan(0);
  }, 600_000);
});
