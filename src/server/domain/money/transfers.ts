import { sql, type RawBuilder } from 'kysely';
import { ApiError, type ResultCode } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { systemAccounts, type MoneyResult } from './ledger.js';

/** Who asks for a movement, with which client request id, at what time. */
export interface Actor {
  siteId: string;
  id: number;
  requestKey: string | null;
  call: string;
  at: Date;
  /** hash of the request body: a request id reused with another body is refused (C998) */
  bodyHash?: string | null;
}

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

/** The money call an actor makes: its request id and body hash keyed per caller. */
export const callOf = (a: Actor) => ({ siteId: a.siteId, actorId: a.id, requestKey: a.requestKey, call: a.call, at: a.at, bodyHash: a.bodyHash ?? null });

type Direction = 'give' | 'retrieve';

export interface PartnerMoveResult {
  memId: string;
  /** the member's balance after the movement */
  cashAmt: number;
  pointAmt: number;
  /** the partner's own balance after the movement */
  myCashAmt: number;
  myPointAmt: number;
}

/** What the movement functions (migrations 110 and 130) answer. */
interface MoveAnswer<T> {
  code: ResultCode | '0';
  replayed?: boolean;
  result?: T;
  changed?: { memId: string; cash: number; point: number }[];
}

const RETRIES = 5;
const retryable = (e: unknown) => {
  const code = e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';
  return code === '40001' || code === '40P01';
};

/**
 * Runs one movement function: the whole movement is that one statement (one round trip), which
 * either refuses with a code having written nothing, replays the stored answer, or commits.
 */
export async function runMovement<T>(db: Db, siteId: string, statement: () => RawBuilder<{ r: MoveAnswer<T> }>): Promise<MoneyResult<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await statement().execute(db);
      const r = rows[0].r;
      if (r.code !== '0') throw new ApiError(r.code);
      return {
        result: r.result as T,
        replayed: !!r.replayed,
        changed: (r.changed ?? []).map((x) => ({ siteId, memId: x.memId, cash: Number(x.cash), point: Number(x.point) })),
      };
    } catch (e) {
      if (!retryable(e) || attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * attempt));
    }
  }
}

const move = <T>(db: Db, a: Actor, fn: (call: ReturnType<typeof callOf>) => RawBuilder<unknown>) =>
  runMovement<T>(db, a.siteId, () => fn(callOf(a)) as RawBuilder<{ r: MoveAnswer<T> }>);

/** The idempotency arguments every movement function starts with. */
const head = (c: ReturnType<typeof callOf>) =>
  sql`${c.siteId}, ${c.actorId}::bigint, ${c.requestKey}, ${c.call}, ${c.bodyHash}, ${c.at}::timestamptz`;

/**
 * A partner gives to or retrieves from a DIRECT child, cash (give -3/33, retrieve 3/-33) or points (2 / -2).
 * Give beyond the partner's own holdings answers C202 (cash) or P002 (points); retrieve beyond the
 * child's holdings C702 (cash) or P002 (points). One call of money_partner_move (migration 110).
 */
export function partnerMove(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; memo?: string | null; direction: Direction; kind: 'cash' | 'point' },
): Promise<MoneyResult<PartnerMoveResult>> {
  return move<PartnerMoveResult>(db, actor, (c) => sql`select money_partner_move(${head(c)},
    ${p.memId ?? null}, ${p.amount ?? null}::bigint, ${p.memo ?? null}, ${p.direction === 'give'}, ${p.kind === 'point'}) as r`);
}

/**
 * The operator grants (mode 2) or recovers (mode -2) cash or points against the house. One call of
 * money_admin_grant (migration 110); the house side goes to ledger_pending.
 */
export async function adminGrant(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; mode: 2 | -2; memo?: string | null; kind?: 'cash' | 'point' },
): Promise<MoneyResult<{ memId: string; cashAmt: number; pointAmt: number }>> {
  const { house } = await systemAccounts(db, actor.siteId);
  return move<{ memId: string; cashAmt: number; pointAmt: number }>(db, actor, (c) => sql`select money_admin_grant(${head(c)}, ${house}::bigint,
    ${p.memId ?? null}, ${p.amount ?? null}::bigint, ${p.memo ?? null}, ${p.mode}::int, ${p.kind === 'point'}) as r`);
}
