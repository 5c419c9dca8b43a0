import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { share, toBp } from '../../src/server/domain/money/commissions.js';
import { kstDayStart, toWire } from '../../src/server/domain/common/time.js';
import { setRatesDirect } from '../../src/server/domain/partner/rates.js';
import { vendorByCode, walletBet, walletWin } from '../../src/server/domain/games/wallet.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId } from './moneyKit.js';
import { betCalls } from '../../src/contract/bet.js';
import { statsCalls } from '../../src/contract/stats.js';
import { gameCalls } from '../../src/contract/game.js';
import { rateCalls } from '../../src/contract/rate.js';

const CODES: Record<string, [string, string]> = { slot: ['demo-slot', 'lucky-sevens'], hcasino: ['demo-hotel', 'hotel-baccarat'], mini: ['demo-mini', 'odd-even'] };

describe(`reports against raw bets (${testDb})`, () => {
  let s: TestServer;
  let from: string;
  let to: string;
  beforeAll(async () => {
    s = await startTestServer();
    const now = new Date();
    from = toWire(kstDayStart(now, 4)).slice(0, 10);
    to = toWire(now).slice(0, 10);
  });
  afterAll(() => s?.close());
  // reports and the recomputation read applied figures: apply what the bets left pending
  beforeEach(() => s.app.accrual.flush());

  /** From scratch: a member's subtree over KST days, from bets, ledger point entries and the rate table. */
  async function truth(memId: string, cats?: string[]) {
    const db = s.app.db;
    const x = await memberId(db, s.siteId, memId);
    const bets = await sql<{ id: number; member_id: number; category: string; stake: number; win: number; day: string }>`
      select b.id, b.member_id, b.category, b.stake, b.win, to_char(b.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day
      from bet b join member_path p on p.descendant_id = b.member_id and p.ancestor_id = ${x}::bigint
      where b.status in ('win','lose','draw')`.execute(db);
    const rows = bets.rows.filter((b) => b.day >= from && b.day <= to && (!cats || cats.includes(b.category)));
    const ids = rows.map((b) => Number(b.id));
    const rolling = ids.length
      ? await sql<{ s: number }>`
      select coalesce(sum(e.amount), 0) as s from ledger_entry e join member_path q on q.descendant_id = e.member_id and q.ancestor_id = ${x}::bigint
      where e.kind = 'point' and e.type_code = 3 and (e.detail->>'gameIdx')::bigint in (${sql.join(ids)})`.execute(db)
      : { rows: [{ s: 0 }] };
    // losing at this level: floor(loss x the highest losing rate from the bettor up to this member)
    let losing = 0;
    for (const b of rows) {
      const path = await sql<{ l: number }>`
        select coalesce(r.lose_rate, 0) as l from member_path p join member_path up on up.ancestor_id = ${x}::bigint and up.descendant_id = p.ancestor_id
        left join rate r on r.member_id = p.ancestor_id and r.category = ${b.category}
        where p.descendant_id = ${b.member_id}::bigint`.execute(db);
      losing += share(Math.max(0, Number(b.stake) - Number(b.win)), Math.max(0, ...path.rows.map((r) => toBp(Number(r.l)))));
    }
    return {
      cnt: rows.length,
      stake: rows.reduce((a, b) => a + Number(b.stake), 0),
      win: rows.reduce((a, b) => a + Number(b.win), 0),
      rolling: Number(rolling.rows[0].s),
      losing,
      byDay: rows.reduce((m, b) => m.set(b.day, [(m.get(b.day)?.[0] ?? 0) + Number(b.stake), (m.get(b.day)?.[1] ?? 0) + Number(b.win)]), new Map<string, [number, number]>()),
    };
  }

  it('random bets over 5 days in three categories', async () => {
    const db = s.app.db;
    const players = ['user1', 'user2', 'user6', 'user11', 'user16', 'user19'];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          p: fc.constantFrom(...players),
          c: fc.constantFrom('slot', 'hcasino', 'mini'),
          stake: fc.integer({ min: 5_000, max: 80_000 }),
          win: fc.integer({ min: 0, max: 4 }),
          day: fc.integer({ min: 0, max: 4 }),
        }),
        async (b) => {
          const [code, game] = CODES[b.c];
          const v = (await vendorByCode(db, s.siteId, code))!;
          const at = new Date(kstDayStart(new Date(), b.day).getTime() + 3600_000 * (1 + b.day));
          const id = `rr-${Math.random().toString(36).slice(2)}`;
          const ok = await walletBet(db, v, { memId: b.p, txId: id, roundId: id, gameCode: game, amount: b.stake }, at, (await s.app.sites.get(s.siteId))!).catch(() => null);
          if (ok) await walletWin(db, v, { memId: b.p, txId: `${id}:w`, betTxId: id, amount: Math.floor((b.stake * b.win) / 2) }, at);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('betting status equals a recomputation for the partner and each child', async () => {
    for (const memId of ['ptn1', 'ptn3', 'ptn6']) {
      const token = await s.login(memId);
      const r = await s.call(statsCalls.betStatistics, { statType: 'total', startDate: `${from} 00:00:00`, endDate: `${to} 23:59:59` }, token);
      expect(r.resultCode).toBe('0');
      const me = await truth(memId);
      expect(r.data!.myStatData).toMatchObject({ memId, betAmtSum: me.stake, winAmtSum: me.win, rollingSum: me.rolling, losingAmtSum: me.losing, winLoseSum: me.stake - me.win });
      for (const row of r.data!.botStatList) {
        const t = await truth(row.memId);
        expect([row.memId, row.betAmtSum, row.winAmtSum, row.rollingSum, row.losingAmtSum]).toEqual([row.memId, t.stake, t.win, t.rolling, t.losing]);
      }
      const slot = await s.call(statsCalls.betStatistics, { statType: 'slot', startDate: from, endDate: to }, token);
      const ts = await truth(memId, ['slot']);
      expect([slot.data!.myStatData.betAmtSum, slot.data!.myStatData.rollingSum]).toEqual([ts.stake, ts.rolling]);
    }
  });

  it('daily betting, settlement and the user report equal the recomputation', async () => {
    const token = await s.login('ptn4');
    const daily = await s.call(statsCalls.dailyBetting, { startDate: from, endDate: to }, token);
    const t4 = await truth('ptn4');
    for (const d of daily.data!.dailyBetList) expect([d.days, d.dBetAmt, d.dWinAmt]).toEqual([d.days, ...(t4.byDay.get(d.days) ?? [0, 0])]);
    expect(daily.data!.dailyBetSum.dBetAmt).toBe(t4.stake);

    const p1 = await s.login('ptn1');
    const outer = await s.call(statsCalls.myCalculate, { searchType: 'OUTER', startDate: from, endDate: to, page: 1, count_per_list: 20 }, p1);
    expect(outer.resultCode).toBe('0');
    for (const row of outer.data!.outSearchList!) {
      const t = await truth(row.memId);
      expect([row.memId, row.betAmt, row.betAmtWin, row.rollingAmt, row.losingAmt]).toEqual([row.memId, t.stake, t.win, t.rolling, t.losing]);
      const slot = await truth(row.memId, ['slot']);
      expect(row.slotBetAmt).toBe(slot.stake);
      expect(row.cntBottom).toBeGreaterThanOrEqual(0);
    }
    const inner = await s.call(statsCalls.myCalculate, { searchType: 'INNER', searchMemId: 'ptn2', startDate: from, endDate: to }, p1);
    const t2 = await truth('ptn2');
    expect(inner.data!.inSearchList![0]).toMatchObject({ memId: 'ptn2', betAmt: t2.stake, rollingAmt: t2.rolling });

    const users = await s.call(statsCalls.reportByUser, { startDate: from, endDate: to, page: 1, count_per_list: 20 }, await s.login('ptn5'));
    let sum = 0;
    for (const u of users.data!.searchList) {
      const t = await truth(u.memId);
      expect([u.memId, u.betAmt, u.betAmtWin]).toEqual([u.memId, t.stake, t.win]);
      sum += u.betAmt;
    }
    expect(users.data!.searchTotal.betAmt).toBe(sum);
  });

  it("the players' settlement total sums every row's holdings, gives and retrieves, and a one-row page still says the whole", async () => {
    const p2 = await s.login('ptn2');
    const body = { startDate: from, endDate: to };
    const all = await s.call(statsCalls.reportByUser, { ...body, page: 1, count_per_list: 200 }, p2);
    const rows = all.data!.searchList as unknown as Record<string, number>[];
    expect(all.data!.pageInfo.tatal_list_count).toBe(rows.length);
    const sum = (k: string) => rows.reduce((a, r) => a + r[k], 0);
    const keys = ['userPayment', 'userPayback', 'cashAmt', 'pointAmt'];
    expect(sum('cashAmt')).toBeGreaterThan(0);
    expect(keys.map((k) => (all.data!.searchTotal as Record<string, number>)[k])).toEqual(keys.map(sum));
    const one = await s.call(statsCalls.reportByUser, { ...body, page: 1, count_per_list: 1 }, p2);
    expect(one.data!.searchTotal).toEqual(all.data!.searchTotal);
    const week = await s.call(statsCalls.allUsers, { ...body, page: 1, count_per_list: 1 }, p2);
    expect(keys.map((k) => (week.data!.total as Record<string, number>)[k])).toEqual(keys.map(sum));
  });

  it("daily reports carry the whole period's sums, not only the page's", async () => {
    const p2 = await s.login('ptn2');
    for (const c of [statsCalls.dateAgent, statsCalls.dateUsers, statsCalls.dateGames]) {
      const body = { startDate: from, endDate: to };
      const all = await s.loose(p2)(c, { ...body, page: 1, count_per_list: 200 });
      expect([c.path, all.resultCode]).toEqual([c.path, '0']);
      const rows = all.data.list as unknown as Record<string, number>[];
      expect(rows.length).toBeGreaterThan(1);
      expect(all.data.pageInfo.tatal_list_count).toBe(rows.length);
      const sum = (k: string) => rows.reduce((a, r) => a + r[k], 0);
      expect(all.data.total).toMatchObject({
        betCnt: sum('betCnt'),
        betAmt: sum('betAmt'),
        winAmt: sum('winAmt'),
        rollingAmt: sum('rollingAmt'),
        betResultAmt: sum('betAmt') - sum('winAmt'),
      });
      // a page of one row still says the period
      const one = await s.loose(p2)(c, { ...body, page: 1, count_per_list: 1 });
      expect([c.path, one.data.list.length, one.data.total]).toEqual([c.path, 1, all.data.total]);
    }
  });

  it('every partner call is scoped to the caller subtree', async () => {
    const p7 = await s.login('ptn7');
    const outside = [
      [statsCalls.betStatistics, { memId: 'ptn2b' }],
      [statsCalls.dailyBetting, { memId: 'ptn1' }],
      [statsCalls.myCalculate, { searchType: 'INNER', searchMemId: 'ptn6' }],
      [betCalls.bottomBetList, { memId: 'user11' }],
      [betCalls.sportList, { memId: 'user20' }],
      [rateCalls.detailRateInfo, { memId: 'user6' }],
      [rateCalls.saveRates, { memId: 'user6', rateList: [{ category: 'slot', pointRate: '0.1', loseRate: '0' }] }],
      [statsCalls.dateUsers, { memId: 'ptn6' }],
      [gameCalls.retailChangeMemCashFlag, { memId: 'user6' }],
    ] as const;
    for (const [c, body] of outside) expect([c.path, (await s.loose(p7)(c, body)).resultCode]).toEqual([c.path, 'A002']);
    const list = await s.call(betCalls.betList, { startDate: from, endDate: to, oldYn: 'Y' }, p7);
    const mine = new Set(['user1', 'user2', 'user3', 'user4', 'user5']);
    expect(list.data!.list.every((r: { memId: string }) => mine.has(r.memId))).toBe(true);
    const u1 = await s.login('user1');
    expect((await s.call(betCalls.betList, {}, u1)).resultCode).toBe('A001');
    const other = await s.app.db.selectFrom('bet as b').innerJoin('member as m', 'm.id', 'b.member_id').select('b.id').where('m.mem_id', '=', 'user11').executeTakeFirst();
    if (other) expect((await s.call(betCalls.betDetail, { betId: other.id }, u1)).resultCode).toBe('A002');
    await expectSound(s.app.db, s.siteId);
  });

  it('random rates within bounds and random bets over 5 days: rolling on each bet sums to floor(stake x top rate)', async () => {
    const db = s.app.db;
    const chain = ['ptn1', 'ptn2', 'ptn3', 'ptn4', 'ptn5', 'ptn6', 'ptn7'];
    const admin = await memberId(db, s.siteId, 'admin');
    const players = ['user1', 'user2', 'user6', 'user11', 'user16', 'user19'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 8, maxLength: 8 }),
        fc.array(
          fc.record({
            p: fc.constantFrom(...players),
            c: fc.constantFrom('slot', 'hcasino', 'mini'),
            stake: fc.integer({ min: 5_000, max: 80_000 }),
            win: fc.integer({ min: 0, max: 3 }),
            day: fc.integer({ min: 0, max: 4 }),
          }),
          { minLength: 3, maxLength: 8 },
        ),
        async (raw, bets) => {
          const bps = [...raw].sort((a, b) => b - a); // top first, never rising downwards
          const levels = [...chain, 'user1'];
          // lower first so no rate ever exceeds its parent's while they change
          for (const [, m] of [...levels.entries()].reverse())
            await setRatesDirect(db, s.siteId, admin, await memberId(db, s.siteId, m), [{ category: 'slot', pointRate: 0, loseRate: 0 }], new Date());
          for (const [i, m] of levels.entries())
            await setRatesDirect(db, s.siteId, admin, await memberId(db, s.siteId, m), [{ category: 'slot', pointRate: bps[i] / 100, loseRate: bps[i] / 50 }], new Date());
          for (const b of bets) {
            const [code, game] = CODES[b.c];
            const v = (await vendorByCode(db, s.siteId, code))!;
            const at = new Date(kstDayStart(new Date(), b.day).getTime() + 3600_000 * (1 + b.day));
            const id = `rp-${Math.random().toString(36).slice(2)}`;
            const stake = Math.max(b.stake, v.minBet);
            const ok = await walletBet(db, v, { memId: b.p, txId: id, roundId: id, gameCode: game, amount: stake }, at, (await s.app.sites.get(s.siteId))!).catch(() => null);
            if (!ok) continue;
            await walletWin(db, v, { memId: b.p, txId: `${id}:w`, betTxId: id, amount: Math.floor((stake * b.win) / 2) }, at);
            if (b.p === 'user1' && b.c === 'slot') {
              await s.app.accrual.flush();
              const paid = await sql<{ s: number; neg: number }>`select coalesce(sum(amount), 0) as s, count(*) filter (where amount < 0) as neg from ledger_entry
              where kind = 'point' and type_code = 3 and member_id <> (select id from member where mem_id = '__house__' and site_id = ${s.siteId}) and (detail->>'gameIdx')::bigint = ${ok.result.betId}::bigint`.execute(
                db,
              );
              expect(Number(paid.rows[0].s)).toBe(share(stake, bps[0]));
              expect(Number(paid.rows[0].neg)).toBe(0);
            }
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
