import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/driver.js';

/**
 * Points as a person sees them: stored + credits the accrual step has not yet applied. Only points
 * need it for people: the cash sides a hot movement defers belong to house accounts.
 */
export const shownPoint = (member: string): RawBuilder<number> =>
  sql<number>`(${sql.ref(`${member}.point_amt`)} + coalesce((select sum(lp.amount) from ledger_pending lp where lp.member_id = ${sql.ref(`${member}.id`)} and lp.kind = 'point'), 0))`;

/** One member's cash and points as a person sees them. */
export async function shownBalances(db: Db, memberId: number): Promise<{ cashAmt: number; pointAmt: number }> {
  const m = await db
    .selectFrom('member as m')
    .select(['m.cash_amt', shownPoint('m').as('point_amt')])
    .where('m.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { cashAmt: Number(m.cash_amt), pointAmt: Number(m.point_amt) };
}
