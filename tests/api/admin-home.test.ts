import { randomUUID } from 'node:crypto';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveEvent } from '../../src/contract/enums.js';
import { fromWire, toWire } from '../../src/server/domain/common/time.js';
import { sql } from 'kysely';
import { callback, tx } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { boardCalls } from '../../src/contract/board.js';
import type { Call } from '../../src/contract/define.js';
import { adminCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { statsCalls } from '../../src/contract/stats.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function listen(url: string, token: string) {
  const events: LiveEvent[] = [];
  const client = new Client({ webSocketFactory: () => new WebSocket(url), connectHeaders: { token }, reconnectDelay: 0 });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.watchForReceipt('sub', () => resolve());
      client.subscribe('/user/queue/events', (m: IMessage) => events.push(JSON.parse(m.body)), { receipt: 'sub' });
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
  return { events, close: () => client.deactivate({ force: true }) };
}

describe(`operator home (${testDb})`, () => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const call = <C extends Call>(who: string, c: C, body: Record<string, unknown> = {}) => s.loose(t[who])(c, body);
  const dashboard = async () => {
    const r = await call('admin', adminCalls.dashboard);
    expect(r.resultCode).toBe('0');
    return r.data;
  };

  beforeAll(async () => {
    s = await startTestServer();
    for (const who of ['admin', 'ptn1', 'ptn7', 'user1', 'user2']) t[who] = await s.login(who);
    // the seed's bets reach the daily figures on the accrual's ticks: all of them before the first read
    await s.app.accrual.flush();
  });
  afterAll(() => s?.close());

  it("is the operator's alone", async () => {
    expect((await call('ptn1', adminCalls.dashboard)).resultCode).toBe('A001');
    expect((await call('user1', adminCalls.dashboard)).resultCode).toBe('A001');
  });

  it('answers 30 days oldest first with today last, and what waits as the tables hold it', async () => {
    const d = await dashboard();
    expect(d.days).toHaveLength(30);
    expect(d.days[29].day).toBe(toWire(new Date()).slice(0, 10));
    expect(d.today).toMatchObject(d.days[29]);
    expect(d.today.online).toBeGreaterThanOrEqual(2); // ptn1, ptn7, user1, user2 are logged in; the operator is not counted
    for (const x of d.days) {
      expect(x.net).toBe(x.deposits - x.withdrawals);
      expect(x.ggr).toBe(x.bets - x.wins);
    }
    const db = s.app.db;
    const open = await db.selectFrom('cash_request').select(['status']).where('site_id', '=', s.siteId).where('status', 'in', [0, 2]).execute();
    expect(d.pending.cash.applied).toBe(open.filter((r) => r.status === 0).length);
    expect(d.pending.cash.waiting).toBe(open.filter((r) => r.status === 2).length);
    expect(d.pending.cash.deposits + d.pending.cash.withdrawals).toBe(open.length);
    // each tile's subline adds up to its count
    expect(d.pending.cash.appliedIn + d.pending.cash.appliedOut).toBe(d.pending.cash.applied);
    expect(d.pending.cash.waitingIn + d.pending.cash.waitingOut).toBe(d.pending.cash.waiting);
    expect(d.pending.cash.appliedIn + d.pending.cash.waitingIn).toBe(d.pending.cash.deposits);
    // today by hour: 24 rows that add up to today
    expect(d.hours.map((h: { hour: number }) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const sum = (k: string) => d.hours.reduce((a: number, h: Record<string, number>) => a + h[k], 0);
    expect([sum('deposits'), sum('withdrawals'), sum('newMembers')]).toEqual([d.today.deposits, d.today.withdrawals, d.today.newMembers]);
    const waitingQna = await db.selectFrom('board_post').select('id').where('board_type', '=', 'faq').where('status', '=', 'WAIT').where('del_yn', '=', 'N').execute();
    expect(d.pending.qna).toBe(waitingQna.length);
    expect(d.pending.qna).toBeGreaterThan(0);
    // joins per day are kept by a trigger: they match the member rows of the window
    const joined = await db
      .selectFrom('member')
      .select('id')
      .where('site_id', '=', s.siteId)
      .where('login_type', 'in', ['NORMAL', 'PARTNER', 'P_NORMAL'])
      .where('created_at', '>=', fromWire(d.days[0].day))
      .execute();
    expect(d.days.reduce((a: number, x: { newMembers: number }) => a + x.newMembers, 0)).toBe(joined.length);
    expect(joined.length).toBeGreaterThan(0);
    // the seed has activity: the month is not empty
    expect(d.days.reduce((a: number, x: { bets: number }) => a + x.bets, 0)).toBeGreaterThan(0);
    expect(d.days.reduce((a: number, x: { deposits: number }) => a + x.deposits, 0)).toBeGreaterThan(0);
  });

  it("keeps today's bets by hour as the bets settled in each KST hour say", async () => {
    // two bets settled now, through the vendor's wallet: the accrual step adds them to their hour
    for (const [memId, win] of [
      ['user1', 25_000],
      ['user2', 0],
    ] as const) {
      const id = tx('h');
      expect((await callback(s, 'demo-slot', 'bet', { memId, txId: id, roundId: `r-${id}`, gameCode: 'lucky-sevens', amount: 10_000 })).resultCode).toBe('0');
      expect((await callback(s, 'demo-slot', 'win', { memId, txId: `${id}:w`, betTxId: id, amount: win })).resultCode).toBe('0');
    }
    await s.app.accrual.flush();
    const d = await dashboard();
    const raw = await sql<{ h: number; s: string; w: string }>`
      select extract(hour from settled_at at time zone 'Asia/Seoul')::int as h, sum(stake) as s, sum(win) as w
      from bet where site_id = ${s.siteId} and status in ('win', 'lose', 'draw') and settled_at >= ${fromWire(toWire(new Date()).slice(0, 10))}
      group by 1`.execute(s.app.db);
    const want = Array.from({ length: 24 }, (_, hour) => {
      const r = raw.rows.find((x) => x.h === hour);
      return { hour, bets: Number(r?.s ?? 0), wins: Number(r?.w ?? 0) };
    });
    expect(d.hours.map(({ hour, bets, wins }: { hour: number; bets: number; wins: number }) => ({ hour, bets, wins }))).toEqual(want);
    expect(want.reduce((a, x) => a + x.bets, 0)).toBeGreaterThanOrEqual(20_000);
  });

  it('lists the open requests only, oldest first, as the queue opens', async () => {
    const d = await dashboard();
    const r = await call('admin', adminCalls.cashList, { openYn: 'Y', order: 'asc', count_per_list: 200 });
    expect(r.resultCode).toBe('0');
    const list = r.data.list as { cashIdx: number; cashStatus: number }[];
    expect(list.length).toBe(d.pending.cash.applied + d.pending.cash.waiting);
    expect(list.every((x) => x.cashStatus === 0 || x.cashStatus === 2)).toBe(true);
    expect(list.map((x) => x.cashIdx)).toEqual([...list.map((x) => x.cashIdx)].sort((a, b) => a - b));
    // a status given wins over openYn; without either every status comes, newest first
    const done = await call('admin', adminCalls.cashList, { openYn: 'Y', cashStatus: 1 });
    expect(done.data.list.every((x: { cashStatus: number }) => x.cashStatus === 1)).toBe(true);
    const all = (await call('admin', adminCalls.cashList, { count_per_list: 200 })).data.list as { cashIdx: number; cashStatus: number }[];
    expect(all.some((x) => x.cashStatus === 1 || x.cashStatus === -1)).toBe(true);
    expect(all.map((x) => x.cashIdx)).toEqual([...all.map((x) => x.cashIdx)].sort((a, b) => b - a));
  });

  it('equals the settlement screens of the top partner for every one of the 30 days', async () => {
    const d = await dashboard();
    const daily = await call('ptn1', statsCalls.dailyBetting, { startDate: d.days[0].day, endDate: d.days[29].day });
    expect(daily.resultCode).toBe('0');
    const byDay = new Map(daily.data.dailyBetList.map((r: { days: string }) => [r.days, r]));
    for (const x of d.days) {
      const calc = await call('ptn1', statsCalls.myCalculate, { searchType: 'INNER', startDate: x.day, endDate: x.day });
      expect(calc.resultCode).toBe('0');
      const row = calc.data.inSearchList![0];
      expect([x.day, x.bets, x.wins, x.ggr, x.rolling, x.deposits, x.withdrawals]).toEqual([
        x.day,
        row.betAmt,
        row.betAmtWin,
        row.betResultAmt,
        row.rollingAmt,
        row.userCashIn,
        row.userCashOut,
      ]);
      const b = (byDay.get(x.day) ?? { dBetAmt: 0, dWinAmt: 0, dUserPayment: 0, dUserPayback: 0 }) as Record<string, number>;
      expect([x.day, x.bets, x.wins, x.deposits, x.withdrawals]).toEqual([x.day, b.dBetAmt, b.dWinAmt, b.dUserPayment, b.dUserPayback]);
    }
  });

  it('pushes ADMIN_PENDING with the new counts to operators only when a request arrives or changes', async () => {
    const url = s.url.replace(/^http/, 'ws') + '/ws';
    const op = await listen(url, t.admin);
    const player = await listen(url, t.user2);
    try {
      const before = (await dashboard()).pending;
      const dep = await call('user1', cashCalls.deposit, { cashAmt: 50_000, requestId: randomUUID() });
      expect(dep.resultCode).toBe('0');
      await until(() => op.events.some((e) => e.type === 'ADMIN_PENDING'), 3000, 'ADMIN_PENDING');
      const e = op.events.find((x) => x.type === 'ADMIN_PENDING')!;
      expect(e.data1).toBe('cash');
      const counts = JSON.parse(String(e.data2));
      expect(counts.cash.applied).toBe(before.cash.applied + 1);
      expect(counts.cash.deposits).toBe(before.cash.deposits + 1);
      expect(counts.cash.appliedIn).toBe(before.cash.appliedIn + 1);
      expect(counts).toEqual((await dashboard()).pending);

      // the operator moves it on: the counts follow
      op.events.length = 0;
      expect((await call('admin', adminCalls.cashProcess, { cashIdx: dep.data.cashIdx, cashStatus: 2, requestId: randomUUID() })).resultCode).toBe('0');
      await until(() => op.events.some((x) => x.type === 'ADMIN_PENDING'), 3000, 'second ADMIN_PENDING');
      const moved = JSON.parse(String(op.events.find((x) => x.type === 'ADMIN_PENDING')!.data2));
      expect([moved.cash.applied, moved.cash.waiting]).toEqual([before.cash.applied, before.cash.waiting + 1]);
      expect([moved.cash.appliedIn, moved.cash.waitingIn]).toEqual([before.cash.appliedIn, before.cash.waitingIn + 1]);

      // an inquiry arrives
      op.events.length = 0;
      expect((await call('user2', boardCalls.save.faq, { title: 'Where is my deposit?', content: 'Please check.' })).resultCode).toBe('0');
      await until(() => op.events.some((x) => x.type === 'ADMIN_PENDING' && x.data1 === 'qna'), 3000, 'qna event');
      expect(JSON.parse(String(op.events.find((x) => x.data1 === 'qna')!.data2)).qna).toBe(before.qna + 1);

      await sleep(200);
      expect(player.events.filter((x) => x.type === 'ADMIN_PENDING')).toEqual([]);
    } finally {
      await op.close();
      await player.close();
    }
  });

  it('keeps the last ledger check for the home', async () => {
    const check = await call('admin', adminCalls.ledgerCheck);
    expect(check.resultCode).toBe('0');
    const d = await dashboard();
    expect(d.ledger).toEqual({ ok: check.data.ok, checkedAt: toWire(new Date(check.data.checkedAt)) });
    expect(d.ledger!.ok).toBe(true);
  });
});
