import { sql, type RawBuilder } from 'kysely';

/**
 * Points as a person sees them: stored + credits the accrual step has not yet applied. Only points
 * need it for people: the cash sides a hot movement defers belong to house accounts.
 */
export const shownPoint = (member: string): RawBuilder<number> =>
  sql<number>`(${sql.ref(`${member}.point_amt`)} + coalesce((select sum(lp.amount) from ledger_pending lp where lp.member_id = ${sql.ref(`${member}.id`)} and lp.kind = 'point'), 0))`;
