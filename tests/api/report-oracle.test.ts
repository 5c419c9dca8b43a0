/**
 * The report oracle: known movements of every kind on one Korea-time day of their own, then every
 * figure of the partner reports checked against a computation from the raw rows (ledger entries,
 * completed cash requests, settled bets, rates, the parent links), written here without the
 * server's report code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { couponCalls } from '../../src/contract/coupon.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { pointCalls } from '../../src/contract/point.js';
import { retailCalls } from '../../src/contract/retail.js';
import { statsCalls } from '../../src/contract/stats.js';
import { kstDay, kstDayStart, toWire } from '../../src/server/domain/common/time.js';
import { share, toBp } from '../../src/server/domain/money/commissions.js';
import { vendorByCode, walletBet, walletRollback, walletWin } from '../../src/server/domain/games/wallet.js';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, moneyCalls, rid } from './moneyKit.js';

const DAY = 86_400_000;
const groups: Record<string, string[]> = { casino: ['casino', 'hcasino'], slot: ['slot'], sport: ['sport'], mini: ['mini'] };

describe(`report oracle (${testDb})`, () => {
  let s: TestServer;
  const { tok } = moneyCalls(() => s);
  let day: string;
  const ok = async (p: Promise<{ resultCode: string; resultMessage: string; data: unknown }>) => {
    const r = await p;
    expect(r.resultCode, r.resultMessage).toBe('0');
    return r.data as any;
  };

  beforeAll(async () => {
    s = await startTestServer();
    // a day of its own, three days ahead: no seeded history on it
    (s.app.clock as unknown as { offsetMs: number }).offsetMs = bankSafeOffset() + 3 * DAY;
    day = kstDay(new Date(s.now()));
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  async function drive() {
    const admin = await tok('admin');
    // deposits and withdrawals, completed
    for (const [memId, call, body] of [
      ['user1', cashCalls.deposit, { cashAmt: 30_000 }],
      ['user6', cashCalls.deposit, { cashAmt: 50_000 }],
      ['user2', cashCalls.withdraw, { cashAmt: 20_000, cashOutPass: '1234' }],
    ] as const) {
      const r = await ok(s.post(call.path, { requestId: rid(), ...body }, await tok(memId)));
      for (const st of [2, 1]) await ok(s.call(adminCalls.cashProcess, { cashIdx: r.cashIdx, cashStatus: st, requestId: rid() }, admin));
    }
    // gives and retrieves at each level
    for (const [from, to, amt, give] of [
      ['ptn1', 'ptn2', 100_000, true],
      ['ptn2', 'ptn3', 7_000, false],
      ['ptn5', 'ptn6', 40_000, true],
      ['ptn6', 'ptn7', 50_000, true],
      ['ptn7', 'user1', 10_000, true],
      ['ptn7', 'user3', 5_000, false],
      ['ptn6', 'user6', 4_000, true],
    ] as const) {
      const call = give ? retailCalls.cashIn : retailCalls.cashOut;
      await ok(s.post(call.path, { memId: to, [give ? 'inAmt' : 'outAmt']: amt, requestId: rid() }, await tok(from)));
    }
    // points given and taken, operator grants and recoveries, a conversion
    await ok(s.call(retailCalls.pointChange, { memId: 'user4', pointType: 2, pointAmt: 3_000, requestId: rid() }, await tok('ptn7')));
    await ok(s.call(retailCalls.pointChange, { memId: 'user5', pointType: -2, pointAmt: 1_000, requestId: rid() }, await tok('ptn7')));
    await ok(s.call(adminCalls.grant, { memId: 'ptn7', cashAmt: 20_000, mode: 2, requestId: rid() }, admin));
    await ok(s.call(adminCalls.grant, { memId: 'user6', cashAmt: 1_000, mode: -2, requestId: rid() }, admin));
    await ok(s.call(adminCalls.grant, { memId: 'user5', cashAmt: 10_000, mode: 2, kind: 'point', requestId: rid() }, admin));
    await ok(s.call(pointCalls.convert, { pointAmt: 10_000, requestId: rid() }, await tok('user5')));
    // coupons: the operator's and a partner's, redeemed; one left open
    await ok(
      s.call(
        couponCalls.adminIssue,
        { target: 'member', memId: 'user1', couponAmt: 5_000, couponCnt: 2, expireDate: toWire(new Date(s.now() + 3600_000)), requestId: rid() },
        admin,
      ),
    );
    await ok(
      s.call(
        couponCalls.partnerIssue,
        { target: 'member', memId: 'user2', couponAmt: 3_000, couponCnt: 1, expireDate: toWire(new Date(s.now() + 3600_000)), requestId: rid() },
        await tok('ptn7'),
      ),
    );
    await ok(
      s.call(
        couponCalls.adminIssue,
        { target: 'member', memId: 'ptn7', couponAmt: 2_000, couponCnt: 1, expireDate: toWire(new Date(s.now() + 3600_000)), requestId: rid() },
        admin,
      ),
    );
    for (const memId of ['user1', 'user2', 'ptn7']) {
      const box = await ok(s.call(couponCalls.box, { status: 'open' }, await tok(memId)));
      await ok(s.call(couponCalls.use, { couponIdx: box.list[0].couponIdx, requestId: rid() }, await tok(memId)));
    }
    // bets, wins and a rollback, in three categories (rolling and losing follow from the rates)
    const db = s.app.db;
    const site = (await s.app.sites.get(s.siteId))!;
    const at = new Date(s.now());
    const bets = [
      ['user1', 'demo-slot', 'lucky-sevens', 10_000, 4_000],
      ['user2', 'demo-hotel', 'hotel-baccarat', 20_000, 0],
      ['user6', 'demo-mini', 'odd-even', 5_000, 12_000],
      ['user11', 'demo-slot', 'lucky-sevens', 8_000, 1_000],
    ] as const;
    for (const [memId, vendor, game, stake, win] of bets) {
      const v = (await vendorByCode(db, s.siteId, vendor))!;
      const id = `oracle-${rid()}`;
      await walletBet(db, v, { memId, txId: id, roundId: id, gameCode: game, amount: stake }, at, site);
      await walletWin(db, v, { memId, txId: `${id}:w`, betTxId: id, amount: win }, at);
    }
    const v = (await vendorByCode(db, s.siteId, 'demo-slot'))!;
    const back = `oracle-${rid()}`;
    await walletBet(db, v, { memId: 'user3', txId: back, roundId: back, gameCode: 'lucky-sevens', amount: 9_000 }, at, site);
    await walletRollback(db, v, { memId: 'user3', txId: `${back}:r`, betTxId: back }, at);
    await s.app.accrual.flush();
  }

  /** The raw rows of the day and the tree, and the figures computed from them. */
  async function oracle() {
    const db = s.app.db;
    const from = kstDayStart(new Date(s.now()));
    const to = new Date(from.getTime() + DAY);
    const members = await db
      .selectFrom('member')
      .select(['id', 'mem_id', 'parent_id', 'login_type', 'partner_level', 'cash_amt', 'point_amt', 'created_at'])
      .where('site_id', '=', s.siteId)
      .where('login_type', '<>', 'HOUSE')
      .execute();
    const [entries, requests, bets, rates] = await Promise.all([
      db
        .selectFrom('ledger_entry')
        .select(['member_id', 'kind', 'type_code', 'amount', 'detail'])
        .where('site_id', '=', s.siteId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .execute(),
      db
        .selectFrom('cash_request')
        .select(['member_id', 'cash_type', 'amount'])
        .where('site_id', '=', s.siteId)
        .where('status', '=', 1)
        .where('updated_at', '>=', from)
        .where('updated_at', '<', to)
        .execute(),
      db
        .selectFrom('bet')
        .select(['id', 'member_id', 'category', 'stake', 'win'])
        .where('site_id', '=', s.siteId)
        .where('status', 'in', ['win', 'lose', 'draw'])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .execute(),
      db.selectFrom('rate').select(['member_id', 'category', 'lose_rate']).execute(),
    ]);
    const byId = new Map(members.map((m) => [m.id, m]));
    const idOf = (memId: string) => members.find((m) => m.mem_id === memId)!.id;
    const kids = new Map<number, number[]>();
    for (const m of members) if (m.parent_id) kids.set(m.parent_id, [...(kids.get(m.parent_id) ?? []), m.id]);
    const below = (id: number, self = true): Set<number> => {
      const out = new Set<number>(self ? [id] : []);
      const walk = (x: number) => (kids.get(x) ?? []).forEach((k) => (out.add(k), walk(k)));
      walk(id);
      return out;
    };
    const loseRate = (member: number, cat: string) => Number(rates.find((r) => r.member_id === member && r.category === cat)?.lose_rate ?? 0);
    const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);
    const cash = (ids: Set<number>, type: number) =>
      sum(
        entries.filter((e) => e.kind === 'cash' && e.type_code === type && ids.has(e.member_id)),
        (e) => Number(e.amount),
      );
    const req = (ids: Set<number>, type: number) => requests.filter((r) => r.cash_type === type && ids.has(r.member_id));
    /** a subtree's bet figures (optionally only its root's own bets, scope O) */
    const betFig = (id: number, cats?: string[], own = false) => {
      const ids = own ? new Set([id]) : below(id);
      const rows = bets.filter((b) => ids.has(b.member_id) && (!cats || cats.includes(b.category)));
      let losing = 0;
      for (const b of rows) {
        let bp = 0;
        for (let x: number | null = b.member_id; x; x = x === id ? null : byId.get(x)!.parent_id) bp = Math.max(bp, toBp(loseRate(x, b.category)));
        losing += share(Math.max(0, Number(b.stake) - Number(b.win)), bp);
      }
      // rolling points (type 3) earned inside the subtree on the bets of the categories asked
      const catOf = new Map(bets.map((b) => [Number(b.id), b.category]));
      const rolling = sum(
        entries.filter((e) => {
          const cat = catOf.get(Number((e.detail as { gameIdx?: unknown } | null)?.gameIdx));
          return e.kind === 'point' && e.type_code === 3 && ids.has(e.member_id) && !!cat && (!cats || cats.includes(cat));
        }),
        (e) => Number(e.amount),
      );
      return { stake: sum(rows, (b) => Number(b.stake)), win: sum(rows, (b) => Number(b.win)), cnt: rows.length, rolling, losing };
    };
    return { idOf, byId, below, cash, req, sum, betFig, members, entries };
  }

  it('every report figure equals the computation from the ledger rows', async () => {
    await drive();
    const o = await oracle();
    const range = { startDate: day, endDate: day };
    const all = (r: { amount: unknown }[]) => o.sum(r, (x) => Number(x.amount));
    const moved = (ids: Set<number>, type: number) => Math.abs(o.cash(ids, type));
    let couponSeen = 0;

    for (const memId of ['ptn1', 'ptn5', 'ptn6', 'ptn7']) {
      const t = await tok(memId);
      const me = o.idOf(memId);
      const down = o.below(me, false);
      const sub = o.below(me);
      const bf = o.betFig(me);

      // dashboard: today, the cash report, the own money report
      const st = (await ok(s.call(partnerCalls.statistics, {}, t))).mainStatisticsInfo;
      expect(st, memId).toEqual({
        dCashIn: all(o.req(down, 1)),
        dCashInCnt: o.req(down, 1).length,
        dCashOut: all(o.req(down, -1)),
        dCashOutCnt: o.req(down, -1).length,
        dPayment: moved(new Set([me]), -3) + moved(new Set([me]), -5),
        dPayback: moved(new Set([me]), 3) + moved(new Set([me]), 5),
        dJoinCnt: 0,
        dBetBEP: bf.stake - bf.win,
      });
      const holders = [...down].map((id) => o.byId.get(id)!);
      const cr = (await ok(s.call(partnerCalls.cashReport, range, t))).cashReport;
      const cashIn = all(o.req(down, 1));
      const cashOut = all(o.req(down, -1));
      expect(cr, memId).toEqual({
        cashIn,
        payment: moved(down, 33),
        inPaymentSum: cashIn + moved(down, 33),
        cashOut,
        payback: moved(down, -33),
        outPaybackSum: cashOut + moved(down, -33),
        couponCash: moved(down, 55),
        normalCashAmt: o.sum(
          holders.filter((m) => m.partner_level === 'NORMAL'),
          (m) => Number(m.cash_amt),
        ),
        partnerCashAmt: o.sum(
          holders.filter((m) => m.partner_level !== 'NORMAL'),
          (m) => Number(m.cash_amt),
        ),
        betAmt: bf.stake,
        winAmt: bf.win,
        betBEP: bf.stake - bf.win,
        totalPointAmt: o.sum(holders, (m) => Number(m.point_amt)),
      });
      couponSeen += cr.couponCash;
      // the dashboard's trend: today from the ledger, each earlier day as that day's cash report counts it
      const week = (await ok(s.call(partnerCalls.weekTrend, {}, t))).weekTrend;
      expect(week, memId).toHaveLength(7);
      expect(week.at(-1), memId).toEqual({ day, cashIn, cashOut, betBEP: bf.stake - bf.win });
      for (const w of week.slice(0, 6)) {
        const c = (await ok(s.call(partnerCalls.cashReport, { startDate: w.day, endDate: w.day }, t))).cashReport;
        expect(w, `${memId} ${w.day}`).toEqual({ day: w.day, cashIn: c.cashIn, cashOut: c.cashOut, betBEP: c.betBEP });
      }
      expect([...week.map((w: { day: string }) => w.day)].sort(), memId).toEqual(week.map((w: { day: string }) => w.day));
      const own = new Set([me]);
      const up = (type: number) => Math.max(0, o.cash(own, type));
      const dn = (type: number) => Math.max(0, -o.cash(own, type));
      // a partner's coupon issues (-5) go to its downline: gives down, their returns (5) retrieves
      const inc = { cashIn: up(1), adminPayment: up(2), upperPayment: up(33), myPayback: up(3) + up(5), changePoint: up(4), couponCash: up(55) };
      const dec = { cashOut: dn(-1), adminPayback: dn(-2), upperPayback: dn(-33), myPayment: dn(-3) + dn(-5) };
      const tot = (x: Record<string, number>) => Object.values(x).reduce((a, b) => a + b, 0);
      const mine = (await ok(s.call(partnerCalls.myCashReport, range, t))).myCashReport;
      expect(mine, memId).toEqual({ ...inc, increaseTotal: tot(inc), ...dec, decreaseTotal: tot(dec) });
      // every own movement of the day is somewhere: increase - decrease is the balance change
      const change = o.sum(
        o.entries.filter((e) => e.kind === 'cash' && e.member_id === me),
        (e) => Number(e.amount),
      );
      expect(mine.increaseTotal - mine.decreaseTotal, memId).toBe(change);
      couponSeen += inc.couponCash;

      // betting status: the own row, each direct child's row, their sum
      const bs = await ok(s.call(statsCalls.betStatistics, { statType: 'total', ...range }, t));
      const statRow = (id: number) => {
        const f = o.betFig(id);
        const ids = o.below(id);
        const m = o.byId.get(id)!;
        return {
          memId: m.mem_id,
          cashInAmtSum: all(o.req(ids, 1)),
          cashOutAmtSum: all(o.req(ids, -1)),
          betAmtSum: f.stake,
          winAmtSum: f.win,
          winLoseSum: f.stake - f.win,
          rollingSum: f.rolling,
          totalBEP: f.stake - f.win - f.rolling,
          losingAmtSum: f.losing,
          couponCashSum: moved(ids, 55),
          cashAmtSum: Number(m.cash_amt),
          pointAmtSum: Number(m.point_amt),
        };
      };
      const keys = Object.keys(statRow(me)) as (keyof ReturnType<typeof statRow>)[];
      const pick = (r: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, r[k]]));
      expect(pick(bs.myStatData), memId).toEqual(statRow(me));
      const childIds = o.members.filter((m) => m.parent_id === me).map((m) => m.id);
      expect(bs.botStatList.map(pick), memId).toEqual(
        childIds
          .map(statRow)
          .sort((a, b) => bs.botStatList.findIndex((r: { memId: string }) => r.memId === a.memId) - bs.botStatList.findIndex((r: { memId: string }) => r.memId === b.memId)),
      );
      for (const k of keys.filter((k) => k !== 'memId')) expect([memId, k, bs.botStatSum[k]]).toEqual([memId, k, o.sum(childIds.map(statRow), (r) => r[k] as number)]);
      couponSeen += bs.myStatData.couponCashSum;

      // settlement: the own row (INNER), the lower partners (OUTER) and their total
      const settleRow = (id: number, own = false) => {
        const ids = own ? new Set([id]) : o.below(id);
        const m = o.byId.get(id)!;
        const g = Object.fromEntries(Object.entries(groups).map(([k, cats]) => [k, o.betFig(id, cats, own)]));
        const a = o.betFig(id, undefined, own);
        return {
          memId: m.mem_id,
          cashAmt: Number(m.cash_amt),
          pointAmt: Number(m.point_amt),
          userCashIn: all(o.req(ids, 1)),
          userCashOut: all(o.req(ids, -1)),
          userPayment: moved(new Set([id]), -3),
          userPayback: moved(new Set([id]), 3),
          ...Object.fromEntries(
            Object.entries(g).flatMap(([k, f]) => [
              [`${k}BetAmt`, f.stake],
              [`${k}BetAmtWin`, f.win],
              [`${k}RollingAmt`, f.rolling],
              [`${k}LosingAmt`, f.losing],
              [`${k}BetResultAmt`, f.stake - f.win],
            ]),
          ),
          betAmt: a.stake,
          betAmtWin: a.win,
          betResultAmt: a.stake - a.win,
          losingAmt: a.losing,
        };
      };
      const sKeys = Object.keys(settleRow(me));
      const sPick = (r: Record<string, unknown>) => Object.fromEntries(sKeys.map((k) => [k, r[k]]));
      const inner = await ok(s.call(statsCalls.myCalculate, { searchType: 'INNER', ...range }, t));
      expect(inner.inSearchList.map(sPick), memId).toEqual([settleRow(me)]);
      const outer = await ok(s.call(statsCalls.myCalculate, { searchType: 'OUTER', ...range, page: 1, count_per_list: 100 }, t));
      const lowerPartners = o.members.filter((m) => m.parent_id === me && m.login_type === 'PARTNER').map((m) => m.id);
      const outRows = lowerPartners.map((id) => settleRow(id));
      expect(outer.outSearchList.map(sPick), memId).toEqual(outRows.sort((a, b) => a.memId.localeCompare(b.memId)));
      for (const k of sKeys.filter((k) => k !== 'memId'))
        expect([memId, k, outer.outSearchTotal[k]]).toEqual([memId, k, o.sum(outRows, (r) => (r as unknown as Record<string, number>)[k])]);

      // the players' settlement: every player's own row and the total over all of them
      const players = [...sub].filter((id) => o.byId.get(id)!.login_type === 'NORMAL');
      const users = await ok(s.call(statsCalls.reportByUser, { ...range, page: 1, count_per_list: 200 }, t));
      expect(users.pageInfo.tatal_list_count, memId).toBe(players.length);
      const uRows = players.map((id) => settleRow(id, true));
      for (const r of users.searchList) expect(sPick(r), memId).toEqual(uRows.find((u) => u.memId === r.memId));
      for (const k of sKeys.filter((k) => k !== 'memId'))
        expect([memId, k, users.searchTotal[k]]).toEqual([memId, k, o.sum(uRows, (r) => (r as unknown as Record<string, number>)[k])]);
    }
    // the coupon figures were exercised, not only zero against zero
    expect(couponSeen).toBeGreaterThan(0);
  });
});
