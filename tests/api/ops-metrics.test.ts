import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointCalls } from '../../src/contract/point.js';
import { rid } from './moneyKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

/** One sample of a scrape, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (m && m[1] === name && want.every((w) => (m[2] ?? '').split(',').includes(w))) return Number(m[3]);
  }
  return 0;
}

describe(`money and people in the metrics (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ metricsToken: 'scrape-me' });
  }, 300_000);
  afterAll(() => s?.close());
  const scrape = async () => (await s.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer scrape-me' } })).text();

  it('counts movements by kind and result code (replays apart), logins by page and result, challenges issued; reads open cash requests and the ledger', async () => {
    const before = await scrape();
    const token = await s.login('user1');
    const requestId = rid();
    expect((await s.post('/api/cash/in', { requestId, cashAmt: 10_000 }, token)).resultCode).toBe('0');
    expect((await s.post('/api/cash/in', { requestId, cashAmt: 10_000 }, token)).resultCode).toBe('0');
    const wrong = await s.post('/api/member/login', { memId: 'user2', memPass: 'not-it', loginPage: 'member', pow: undefined });
    const staff = await s.post('/api/member/login', { memId: 'ptn1', memPass: 'demo1234!', loginPage: 'partner', pow: undefined });
    expect(staff.resultCode).toBe('L005');
    // a conversion moves 10,000 points to the house and 10,000 cash back: each transfer counted once
    const convertKey = rid();
    expect((await s.call(pointCalls.convert, { pointAmt: 10_000, requestId: convertKey }, await s.login('user5'))).resultCode).toBe('0');
    expect((await s.call(pointCalls.convert, { pointAmt: 10_000, requestId: convertKey }, await s.login('user5'))).resultCode).toBe('0');
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('pitboss_money_movements_total', { kind: 'cash_deposit', code: '0' })).toBe(1);
    expect(delta('pitboss_money_movements_total', { kind: 'cash_deposit', code: 'replayed' })).toBe(1);
    // a request moves nothing until approved, and a replay moves nothing again
    expect(delta('pitboss_money_moved_total', { kind: 'cash_deposit', unit: 'cash' })).toBe(0);
    expect(delta('pitboss_money_moved_total', { kind: 'points_convert', unit: 'point' })).toBe(10_000);
    expect(delta('pitboss_money_moved_total', { kind: 'points_convert', unit: 'cash' })).toBe(10_000);
    expect(delta('pitboss_logins_total', { page: 'member', code: '0' })).toBeGreaterThanOrEqual(1);
    expect(delta('pitboss_logins_total', { page: 'member', code: wrong.resultCode })).toBe(1);
    expect(delta('pitboss_logins_total', { page: 'partner', code: 'L005' })).toBe(1);
    expect(delta('pitboss_login_challenges_total', { event: 'issued' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'pitboss_cash_requests_open', { type: 'deposit' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'pitboss_cash_request_oldest_open_seconds', { type: 'deposit' })).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^pitboss_cash_request_oldest_open_seconds\{type="withdrawal"\} /m);
    expect(delta('pitboss_ledger_entries')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'pitboss_ledger_entries')).toBeGreaterThan(0);
    expect(after).toMatch(/^pitboss_ledger_check_failing_sites \d+$/m);
    expect(sample(after, 'pitboss_ready')).toBe(1);
  }, 120_000);
});

describe(`the ledger check on a schedule (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ metricsToken: 'scrape-me', ledgerCheckMs: 2_000 });
  }, 300_000);
  afterAll(() => s?.close());

  it('checks a site nobody checked and keeps the verdict; a balance apart from its ledger turns the failing gauge on', async () => {
    const db = s.app.db;
    const verdict = () => db.selectFrom('ledger_check').select(['ok', 'checked_at']).where('site_id', '=', s.siteId).executeTakeFirst();
    await expect.poll(verdict, { timeout: 30_000, interval: 200 }).toMatchObject({ ok: true });
    const first = (await verdict())!.checked_at;
    // a stored balance no movement explains
    await db
      .updateTable('member')
      .set((eb) => ({ cash_amt: eb('cash_amt', '+', 1) }))
      .where('site_id', '=', s.siteId)
      .where('mem_id', '=', 'user1')
      .execute();
    await expect.poll(verdict, { timeout: 30_000, interval: 200 }).toMatchObject({ ok: false });
    expect(new Date((await verdict())!.checked_at).getTime()).toBeGreaterThan(new Date(first).getTime());
    const text = await (await s.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer scrape-me' } })).text();
    expect(sample(text, 'pitboss_ledger_check_failing_sites')).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
