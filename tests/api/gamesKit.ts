import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { sign } from '../../src/server/domain/games/signature.js';
import type { TestServer } from './harness.js';
import { vendorByCode } from '../../src/server/domain/games/wallet.js';

export const tx = (p = 't') => `${p}-${randomUUID()}`;

/** The vendor's wallet secret, opened from its sealed row as the server opens it. */
export async function vendorSecret(s: TestServer, code: string) {
  return (await vendorByCode(s.app.db, s.siteId, code))!.secret;
}

/** A signed vendor callback over HTTP; `secret: null` sends a bad signature. */
export async function callback(s: TestServer, code: string, action: string, body: Record<string, unknown>, opt: { secret?: string | null } = {}) {
  const secret = opt.secret === undefined ? await vendorSecret(s, code) : opt.secret;
  const raw = JSON.stringify({ siteId: s.siteId, ...body });
  const res = await s.raw(`/api/vendor/${code}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': secret === null ? 'ab'.repeat(32) : sign(secret, raw) },
    body: raw,
  });
  return { status: res.status, ...((await res.json()) as { resultCode: string; resultMessage: string; data: any }) };
}

/** Stored balances, after the accrual step applied what hot movements left pending. */
export async function cashOf(s: TestServer, memId: string) {
  await s.app.accrual.flush();
  return s.app.db
    .selectFrom('member')
    .select(['cash_amt as cash', 'point_amt as point', 'game_amt as game', 'id'])
    .where('site_id', '=', s.siteId)
    .where('mem_id', '=', memId)
    .executeTakeFirstOrThrow();
}

/** Every money figure a refused callback must leave unchanged. */
export async function walletState(s: TestServer) {
  await s.app.accrual.flush();
  const db = s.app.db;
  const [m, e, b, w, d] = await Promise.all([
    db.selectFrom('member').select(['id', 'cash_amt', 'point_amt', 'game_amt']).where('site_id', '=', s.siteId).orderBy('id').execute(),
    db
      .selectFrom('ledger_entry')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('bet').select(['id', 'status', 'win']).orderBy('id').execute(),
    db
      .selectFrom('wallet_tx')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_stat')
      .select((eb) => [eb.fn.sum('stake').as('s'), eb.fn.sum('rolling').as('r')])
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ m, e, b, w, d });
}

/** The all-time figures (member_stat) are daily_stat summed over every day, row for row. */
export async function expectTotalsKept(s: TestServer) {
  await s.app.accrual.flush();
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select member_id, scope, category, sum(bet_cnt) c, sum(stake) s, sum(win) w, sum(rolling) r, sum(losing) l from daily_stat group by 1, 2, 3
    ) d full join member_stat t using (member_id, scope, category)
    where t.member_id is null or d.member_id is null or (d.c, d.s, d.w, d.r, d.l) is distinct from (t.bet_cnt, t.stake, t.win, t.rolling, t.losing)`.execute(s.app.db);
  expect(rows[0].n).toBe(0);
  const [{ n }] = await s.app.db
    .selectFrom('member_stat')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  return Number(n);
}
