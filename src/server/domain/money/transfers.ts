import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import { movementHead, runMovement, systemAccounts, type Actor, type MoneyResult } from './ledger.js';

export type { Actor };

export async function findMember(db: Db, siteId: string, memId: string | undefined | null) {
  if (!memId) return undefined;
  return db
    .selectFrom('member')
    .select(['id', 'mem_id', 'mem_nick', 'parent_id', 'login_type', 'status', 'cash_amt', 'point_amt', 'out_amt_yn', 'cash_out_pass_hash'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId)
    .where('login_type', '<>', 'HOUSE')
    .executeTakeFirst();
}

/** A member's stored cash and points by login id (undefined when none): the operator's grant records them before and after. */
export async function storedBalance(db: Db, siteId: string, memId: string) {
  const m = await db.selectFrom('member').select(['cash_amt', 'point_amt']).where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  return m && { cash: Number(m.cash_amt), point: Number(m.point_amt) };
}

type Direction = 'give' | 'retrieve';

/** The ledger row a movement's receipt names: its number and time (as the history the receipt leads to shows it). */
export interface EntryRecord {
  logIdx: number;
  regDate: string;
}

export interface PartnerMoveResult extends EntryRecord {
  memId: string;
  /** the member's balance after the movement */
  cashAmt: number;
  pointAmt: number;
  /** the partner's own balance after the movement */
  myCashAmt: number;
  myPointAmt: number;
}

/**
 * A partner gives to or retrieves from a DIRECT child, cash (give -3/33, retrieve 3/-33) or points (2 / -2).
 * Give beyond the partner's own holdings answers C202 (cash) or P002 (points); retrieve beyond the
 * child's holdings C702 (cash) or P002 (points). One call of money_partner_move.sql; its answer
 * names the partner's cash row or the child's point row.
 */
export function partnerMove(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; memo?: string | null; direction: Direction; kind: 'cash' | 'point' },
): Promise<MoneyResult<PartnerMoveResult>> {
  return runMovement<PartnerMoveResult>(
    db,
    actor.siteId,
    () => sql`select money_partner_move(${movementHead(actor)},
    ${p.memId ?? null}, ${p.amount ?? null}::bigint, ${p.memo ?? null}, ${p.direction === 'give'}, ${p.kind === 'point'}) as r`,
  );
}

/**
 * The operator grants (mode 2) or recovers (mode -2) cash or points against the house. One call of
 * money_admin_grant.sql; the house side goes to ledger_pending, the answer names the member's row.
 */
export async function adminGrant(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; mode: 2 | -2; memo?: string | null; kind?: 'cash' | 'point' },
): Promise<MoneyResult<{ memId: string; cashAmt: number; pointAmt: number } & EntryRecord>> {
  const { house } = await systemAccounts(db, actor.siteId);
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_admin_grant(${movementHead(actor)}, ${house}::bigint,
    ${p.memId ?? null}, ${p.amount ?? null}::bigint, ${p.memo ?? null}, ${p.mode}::int, ${p.kind === 'point'}) as r`,
  );
}
