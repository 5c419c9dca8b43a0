import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSports } from '../../src/server/vendors/demo/sweep.js';
import type { ReqOf } from '../../src/contract/define.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, rid } from './moneyKit.js';
import { cashOf } from './gamesKit.js';
import { rateCalls } from '../../src/contract/rate.js';
import { betCalls } from '../../src/contract/bet.js';
import { demoCalls, gameCalls } from '../../src/contract/game.js';
import { memberCalls } from '../../src/contract/member.js';

describe(`demo vendor, launch, game money and rates (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('lists the lobby and refuses launches by partners, for unknown games and without a session', async () => {
    const groups = await s.call(gameCalls.gameGroupCodes, {});
    expect(groups.data!.list.map((g: { groupCode: string }) => g.groupCode)).toEqual(['casino', 'hcasino', 'slot', 'sport', 'mini']);
    expect((await s.call(gameCalls.gameCodes, { vendorCode: 'demo-slot' })).data!.list.length).toBe(2);
    expect((await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' })).resultCode).toBe('TK001');
    expect((await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameKey: 'lucky-sevens' }, await s.login('ptn7'))).resultCode).toBe('B0095');
    expect((await s.call(gameCalls.getGame, { vendorKey: 'nope', gameKey: 'x' }, await s.login('user1'))).resultCode).toBe('B0092');
    // a known game turned off cannot be played: B0091
    await s.app.db.updateTable('game').set({ status: 'OFF' }).where('code', '=', 'lucky-sevens').execute();
    expect((await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameKey: 'lucky-sevens' }, await s.login('user1'))).resultCode).toBe('B0091');
    await s.app.db.updateTable('game').set({ status: 'ACTIVE' }).where('code', '=', 'lucky-sevens').execute();
  });

  it('plays slot rounds through the signed wallet; a retried round replays', async () => {
    const token = await s.login('user1');
    const g = await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, token);
    expect(g.resultCode).toBe('0');
    expect(g.data!.gameurl).toMatch(/^\/demo\/game\/demo-slot\/lucky-sevens\?t=/);
    const t = g.data!.token;
    expect((await s.call(demoCalls.session, { t })).data).toMatchObject({ memId: 'user1', kind: 'slot', walletMode: 'seamless' });
    const before = (await cashOf(s, 'user1')).cash;
    const spin = await s.call(demoCalls.slotSpin, { t, bet: 1_000, roundId: 'round-1' });
    expect(spin.resultCode).toBe('0');
    expect(spin.data!.balance).toBe(before - 1_000 + spin.data!.win);
    const again = await s.call(demoCalls.slotSpin, { t, bet: 1_000, roundId: 'round-1' });
    expect([again.data!.win, again.data!.reels]).toEqual([spin.data!.win, spin.data!.reels]);
    expect((await cashOf(s, 'user1')).cash).toBe(spin.data!.balance);
    expect((await s.call(demoCalls.slotSpin, { t: t.slice(0, -4) + 'abcd', bet: 1_000 })).resultCode).toBe('TK002');
    const list = await s.call(betCalls.betlist, { groupKey: 'slot', page: 1 }, token);
    const row = list.data!.list.find((r: { roundId: string }) => r.roundId === 'round-1');
    expect(row).toMatchObject({ cash: 1_000, winCash: spin.data!.win, resultCash: spin.data!.win - 1_000, vendorCode: 'demo-slot' });
    expect(['PASS', 'FAIL', 'TIE']).toContain(row!.resultLabel);
    const detail = await s.call(betCalls.betDetail, { betId: row!.betIdx }, token);
    expect(JSON.parse(detail.data!.detail)).toMatchObject({ gameProvider: '오로라 슬롯', status: 'Resolved' });
    const p7 = await s.login('ptn7');
    expect((await s.call(betCalls.betDetail, { betId: row!.betId }, p7)).data!.info.memId).toBe('user1');
  });

  it('baccarat on a transfer wallet: launch moves cash, C009 while a round is open, integrated money after', async () => {
    const token = await s.login('user2');
    const cash0 = (await cashOf(s, 'user2')).cash;
    const g = await s.call(gameCalls.launch, { vendorKey: 'demo-live', gameKey: 'baccarat-a' }, token);
    expect(g.data).toMatchObject({ walletMode: 'transfer', cashAmt: 0 });
    const game0 = g.data!.gameAmt;
    expect(game0).toBeGreaterThanOrEqual(cash0);
    const t = g.data!.token;
    const bet = await s.call(demoCalls.baccaratBet, { t, banker: 2_000, tie: 1_000 }, token);
    expect(bet.data).toMatchObject({ stake: 3_000, balance: game0 - 3_000 });
    expect((await s.call(gameCalls.changeMemCashFlag, { requestId: rid() }, token)).resultCode).toBe('C009');
    expect((await s.call(gameCalls.retailChangeMemCashFlag, { memId: 'user2', requestId: rid() }, await s.login('ptn7'))).resultCode).toBe('C009');
    const deal = await s.call(demoCalls.baccaratDeal, { t, roundId: bet.data!.roundId });
    expect(deal.data!.player.cards.length).toBeGreaterThanOrEqual(2);
    expect(deal.data!.balance).toBe(game0 - 3_000 + deal.data!.win);
    const back = await s.call(gameCalls.changeMemCashFlag, { requestId: rid() }, token);
    expect(back.data).toMatchObject({ gameAmt: 0, moved: deal.data!.balance });
    expect(await cashOf(s, 'user2')).toMatchObject({ cash: deal.data!.balance, game: 0 });
    expect((await s.call(memberCalls.userCash, {}, token)).data!.gameAmt).toBe(0);
  });

  it('sports: a parlay over generated events, combined odds floored, settled when the events end', async () => {
    const token = await s.login('user3');
    const t = (await s.call(gameCalls.getGame, { vendorKey: 'demo-sports', gameKey: 'sportsbook' }, token)).data!.token;
    const events = (await s.call(demoCalls.sportsEvents, { t })).data!.list;
    expect(events.length).toBeGreaterThan(3);
    const [a, b] = events;
    const bet = await s.call(demoCalls.sportsBet, {
      t,
      stake: 10_000,
      picks: [
        { eventId: a.eventId, pick: 'home' },
        { eventId: b.eventId, pick: 'away' },
      ],
    });
    expect(bet.resultCode).toBe('0');
    expect(bet.data!.odds).toBe(Math.floor((Math.round(a.odds.home * 100) * Math.round(b.odds.away * 100)) / 100) / 100);
    // in whole cents, as the vendor pays: 10,000 x 8.29 in floating point is 82,899.99...
    expect(bet.data!.expectedWin).toBe((10_000 * Math.round(bet.data!.odds * 100)) / 100);
    const p7 = await s.login('ptn7');
    const open = await s.call(betCalls.sportList, { memId: 'user3' }, p7);
    expect(open.data!.list.filter((r: { betIdx: number }) => r.betIdx === bet.data!.betId).map((r: { status: string }) => r.status)).toEqual(['Opened', 'Opened']);
    await s.app.db
      .updateTable('sport_event')
      .set({ end_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [a.eventId, b.eventId])
      .execute();
    await settleSports(s.app, s.siteId);
    const done = await s.call(betCalls.sportList, { memId: 'user3' }, p7);
    const legs = done.data!.list.filter((r: { betIdx: number }) => r.betIdx === bet.data!.betId);
    expect(legs.every((l: { status: string; score: string }) => ['Won', 'Lost'].includes(l.status) && /^\d+:\d+$/.test(l.score))).toBe(true);
    const won = legs.every((l: { status: string }) => l.status === 'Won');
    expect(legs[0]).toMatchObject({ type: won ? 'win' : 'lose', betWinAmt: won ? bet.data!.expectedWin : 0, totalOdds: bet.data!.odds });
  });

  it('sports: a parlay settles as lost at its first lost leg, without waiting for the other events', async () => {
    const token = await s.login('user5');
    const t = (await s.call(gameCalls.getGame, { vendorKey: 'demo-sports', gameKey: 'sportsbook' }, token)).data!.token;
    const events = (await s.call(demoCalls.sportsEvents, { t })).data!.list;
    const [a, b, c, d] = events.slice(-4);
    const place = async (picks: ReqOf<typeof demoCalls.sportsBet>['picks']) => {
      const r = await s.call(demoCalls.sportsBet, { t, stake: 10_000, picks });
      expect(r.resultCode, r.resultMessage).toBe('0');
      return r.data!.betId as number;
    };
    const losing = await place([
      { eventId: a.eventId, pick: 'home' },
      { eventId: b.eventId, pick: 'home' },
      { eventId: c.eventId, pick: 'home' },
    ]);
    const alive = await place([
      { eventId: d.eventId, pick: 'home' },
      { eventId: b.eventId, pick: 'away' },
    ]);
    // a ends against the pick; d ends with the pick; b and c are still to be played
    await s.app.db
      .updateTable('sport_event')
      .set({ status: 'done', home_score: 0, away_score: 2, end_at: new Date(Date.now() - 1000) })
      .where('id', '=', a.eventId)
      .execute();
    await s.app.db
      .updateTable('sport_event')
      .set({ status: 'done', home_score: 3, away_score: 1, end_at: new Date(Date.now() - 1000) })
      .where('id', '=', d.eventId)
      .execute();
    await settleSports(s.app, s.siteId);

    const p7 = await s.login('ptn7');
    const rows = (await s.call(betCalls.sportList, { memId: 'user5' }, p7)).data!.list as {
      betIdx: number;
      eventId?: number;
      status: string;
      type: string;
      betWinAmt: number;
    }[];
    const lost = rows.filter((r) => r.betIdx === losing);
    expect(lost.map((r) => r.status).sort()).toEqual(['Lost', 'Opened', 'Opened']);
    expect(lost[0]).toMatchObject({ type: 'lose', betWinAmt: 0 });
    const open = rows.filter((r) => r.betIdx === alive);
    expect(open.map((r) => r.status)).toEqual(['Opened', 'Opened']);
    expect(open[0].type).toBe('wait');
    // settling again changes nothing
    await settleSports(s.app, s.siteId);
    expect((await s.call(betCalls.sportList, { memId: 'user5' }, p7)).data!.list.filter((r: { betIdx: number }) => r.betIdx === losing)[0].type).toBe('lose');
  });

  it('rates: bounds, the one-day lock after the recommender changes them, and the history', async () => {
    const p7 = await s.login('ptn7');
    const info = (await s.call(rateCalls.detailRateInfo, { memId: 'user4' }, p7)).data!.memRollingInfo;
    const slot = info.find((r: { category: string }) => r.category === 'slot');
    expect(slot!.maxPointRate).toBeGreaterThan(0);
    const over = await s.call(rateCalls.saveRates, { memId: 'user4', rateList: [{ category: 'slot', pointRate: String(slot!.maxPointRate + 0.01), loseRate: '0' }] }, p7);
    expect(over.resultCode).toBe('R002');
    const ok = await s.call(rateCalls.saveRates, { memId: 'user4', rateList: [{ category: 'slot', pointRate: String(slot!.maxPointRate), loseRate: '0' }] }, p7);
    expect(ok.data!.changed).toEqual(['slot']);
    expect((await s.call(rateCalls.saveRates, { memId: 'user4', rateList: [{ category: 'slot', pointRate: '0', loseRate: '0' }] }, p7)).resultCode).toBe('R001');
    // ptn6 cannot go below its child's maximum
    const p6 = await s.login('ptn6');
    const mine = (await s.call(rateCalls.detailRateInfo, { memId: 'ptn7' }, p6)).data!.memRollingInfo.find((r: { category: string }) => r.category === 'slot');
    expect(mine!.minPointRate).toBe(slot!.maxPointRate);
    expect(
      (await s.call(rateCalls.saveRates, { memId: 'ptn7', rateList: [{ category: 'slot', pointRate: String(mine!.minPointRate - 0.01), loseRate: String(mine!.loseRate) }] }, p6))
        .resultCode,
    ).toBe('R002');
    expect((await s.call(rateCalls.saveRates, { memId: 'user1', rateList: [{ category: 'slot', pointRate: '0', loseRate: '0' }] }, p6)).resultCode).toBe('A001');
    const log = await s.call(rateCalls.rateChangeLog, { memId: 'user4' }, p7);
    expect(log.data!.list[0]).toMatchObject({ category: 'slot', changedBy: 'ptn7', afterPointRate: slot!.maxPointRate });
    const page = await s.call(rateCalls.bottomRateList, {}, p7);
    expect(page.data!.botttomRateList.map((r: { memId: string }) => r.memId)).toContain('user4');
    expect((await s.call(rateCalls.botMemRate, {}, p7)).data!.myCategoryRate.slotPR).toBe(mine!.pointRate);
    const multi = await s.call(rateCalls.multipleRateInfo, { memId: 'ptn2', vendorCode: 'demo-sports' }, await s.login('ptn1'));
    expect(multi.data!.multipleRateInfo.rateList.map((r: { rateType: string }) => r.rateType)).toEqual(['single', 'multi']);
    const save = await s.call(
      rateCalls.saveMultipleRates,
      { memId: 'ptn2', vendorCode: 'demo-sports', rateList: [{ rateType: 'multi', pointRate: '0.5', loseRate: '8.5' }] },
      await s.login('ptn1'),
    );
    expect(save.resultCode).toBe('R002');
    const saved = await s.call(
      rateCalls.saveMultipleRates,
      { memId: 'ptn2', vendorCode: 'demo-sports', rateList: [{ rateType: 'multi', pointRate: '1.8', loseRate: '8.5' }] },
      await s.login('ptn1'),
    );
    expect(saved.data!.changed).toEqual(['multi']);
    expect((await s.call(rateCalls.saveMultipleRates, { memId: 'ptn3', vendorCode: 'demo-sports', rateList: [] }, await s.login('ptn2'))).resultCode).not.toBe('0');
    expect((await s.call(rateCalls.rateInfo, {}, await s.login('user4'))).data!.rateInfoList.find((r: { category: string }) => r.category === 'slot')!.pointRate).toBe(
      slot!.maxPointRate,
    );
  });

  it('keeps the ledger sound', async () => {
    await expectSound(s.app.db, s.siteId);
  });
});
