/**
 * The money engine: every movement is one SQL function in src/server/db/functions/ built on the
 * posting primitive of money_posting.sql (replay by request id and body hash, lock order, overdraft
 * check, ledger rows, pending credits), run here through runMovement.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { ApiError, type ResultCode } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import type { Database } from '../../db/schema.js';
import { signal } from '../signal.js';
import { inMovementSlot } from './movementSlots.js';

export type Trx = Transaction<Database>;

/** A member whose balance a committed movement changed: the caller pushes CASH to it. */
export interface Changed {
  siteId: string;
  memId: string;
  cash: number;
  point: number;
}

const HOUSE = 'HOUSE';
export const HOUSE_ID = '__house__';
export const HOLD_ID = '__hold__';
export const COUPON_ID = '__coupon__';

/** The outside world's mirror (house), the holding account of applied withdrawals (hold) and the coupon reserve, per site. */
export interface SystemAccounts {
  house: number;
  hold: number;
  /** where issued coupons' face value waits until used or expired */
  coupon: number;
}
const systemCache = new WeakMap<Db, Map<string, SystemAccounts>>();

/** Finds, creating on first use, the site's house and hold accounts (login type HOUSE, no password, no parent). */
export async function systemAccounts(db: Db, siteId: string): Promise<SystemAccounts> {
  let perDb = systemCache.get(db);
  if (!perDb) systemCache.set(db, (perDb = new Map()));
  const hit = perDb.get(siteId);
  if (hit) return hit;
  const row = (memId: string) => ({
    site_id: siteId,
    mem_id: memId,
    pass_hash: '!',
    mem_nick: memId,
    partner_level: 'NORMAL',
    login_type: HOUSE,
    login_yn: 'N',
  });
  await db
    .insertInto('member')
    .values([row(HOUSE_ID), row(HOLD_ID), row(COUPON_ID)])
    .onConflict((oc) => oc.columns(['site_id', 'mem_id']).doNothing())
    .execute();
  const rows = await db.selectFrom('member').select(['id', 'mem_id']).where('site_id', '=', siteId).where('mem_id', 'in', [HOUSE_ID, HOLD_ID, COUPON_ID]).execute();
  const of = (memId: string) => rows.find((r) => r.mem_id === memId)!.id;
  const ids = { house: of(HOUSE_ID), hold: of(HOLD_ID), coupon: of(COUPON_ID) };
  perDb.set(siteId, ids);
  return ids;
}

/** Backwards-compatible name: the house account of a site. */
export const houseId = async (db: Db, siteId: string) => (await systemAccounts(db, siteId)).house;

/** Who asks for a movement, with which client request id, at what time. */
export interface Actor {
  siteId: string;
  id: number;
  /** the client's id for this user action; null only for internal movements (seed, launches, vendors with their own keys) */
  requestKey: string | null;
  /** the call's path: a key reused on another call is a duplicate (C999), not a replay */
  call: string;
  at: Date;
  /** hash of the request body (secrets left out): a request id reused with another body is refused (C998) */
  bodyHash?: string | null;
}

export interface MoneyResult<T> {
  result: T;
  replayed: boolean;
  changed: Changed[];
}

/** What every movement function answers (src/server/db/functions/money_posting.sql). */
interface MoveAnswer<T> {
  code: ResultCode | '0';
  message?: string;
  replayed?: boolean;
  result?: T;
  changed?: { memId: string; cash: number; point: number }[];
  /** what the movement moved of each kind, every transfer once (money_moved) */
  moved?: { cash: number | string; point: number | string };
}

/** The idempotency arguments every movement function starts with: site, actor, request id, call, body hash, time. */
export const movementHead = (a: Actor) => sql`${a.siteId}, ${a.id}::bigint, ${a.requestKey}, ${a.call}, ${a.bodyHash ?? null}, ${a.at}::timestamptz`;

/** The movement function a statement calls (`select money_cash_deposit(…)` -> cash_deposit): the kind the metrics count by. */
const movementKind = (statement: RawBuilder<unknown>) => /(\w+)\s*\(/.exec(statement.toOperationNode().sqlFragments[0] ?? '')?.[1].replace(/^money_/, '') ?? 'other';

const RETRIES = 5;
const pgCode = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '');
/** SQLSTATE of money_refuse: a movement refused after it started writing, the message its result code. */
const REFUSED = 'MR001';

const answer = <T>(siteId: string, r: MoveAnswer<T>): MoneyResult<T> => {
  if (r.code !== '0') throw new ApiError(r.code, r.message);
  return {
    result: r.result as T,
    replayed: !!r.replayed,
    changed: (r.changed ?? []).map((x) => ({ siteId, memId: x.memId, cash: Number(x.cash), point: Number(x.point) })),
  };
};

/**
 * Runs one movement function: the whole movement is that one statement (one round trip), which
 * either refuses with a code having written nothing, replays the stored answer, or commits.
 * `before` holds checks that cannot run inside it (a password's hash, with its attempt counter):
 * the actor's request id is looked up first, so a replay answers its first result without them.
 */
export async function runMovement<T>(
  db: Db,
  siteId: string,
  statement: () => RawBuilder<unknown>,
  before?: { actor: Actor; checks: () => Promise<void> },
): Promise<MoneyResult<T>> {
  const kind = movementKind(statement());
  if (before) {
    const a = before.actor;
    if (a.requestKey) {
      const { rows } = await sql<{ r: MoveAnswer<T> | null }>`select money_replay(${a.siteId}, ${a.id}::bigint, ${a.requestKey}, ${a.call}, ${a.bodyHash ?? null}) as r`.execute(
        db,
      );
      if (rows[0].r) {
        signal('money', { kind, code: 'replayed' });
        return answer(siteId, rows[0].r);
      }
    }
    await before.checks();
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await inMovementSlot(db, () => (statement() as RawBuilder<{ r: MoveAnswer<T> }>).execute(db));
      const r = rows[0].r;
      signal('money', { kind, code: r.replayed ? 'replayed' : r.code, cash: Number(r.moved?.cash ?? 0), point: Number(r.moved?.point ?? 0) });
      return answer(siteId, r);
    } catch (e) {
      const code = pgCode(e);
      if (code === REFUSED) {
        signal('money', { kind, code: (e as Error).message });
        throw new ApiError((e as Error).message as ResultCode);
      }
      if ((code !== '40001' && code !== '40P01') || attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * attempt));
    }
  }
}

/**
 * Opening balances for many members at once (the bench's and tests' worlds): each grant is a
 * house -> member transfer of type 2 through the posting primitive, all in one transaction.
 */
export async function houseGrants(db: Db, siteId: string, grants: { id: number; kind: 'cash' | 'point'; amount: number }[]): Promise<void> {
  const { house } = await systemAccounts(db, siteId);
  await db.transaction().execute(async (trx) => {
    await sql`select count(*) from money_lock(${siteId}, ${[house, ...grants.map((g) => g.id)]}::bigint[])`.execute(trx);
    await sql`select count(money_post(${siteId}, nextval('ledger_move_seq'), g.kind, ${house}::bigint, g.id, g.amount, 2, 2, 'E001', null, null, null, null, now()))
      from unnest(${grants.map((g) => g.id)}::bigint[], ${grants.map((g) => g.kind)}::text[], ${grants.map((g) => g.amount)}::bigint[]) with ordinality as g(id, kind, amount, n)`.execute(
      trx,
    );
  });
}

/** Deletes request keys older than `keepDays` (at least 4 months); run at most daily. */
export async function purgeRequestKeys(db: Db, now: Date, keepDays = 124): Promise<number> {
  const cutoff = new Date(now.getTime() - Math.max(keepDays, 122) * 86_400_000);
  const r = await db.deleteFrom('request_key').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
const lastPurge = new WeakMap<Db, number>();
/** Purges when a day has passed since this process last did; cheap to call from any request. */
export async function purgeRequestKeysDaily(db: Db, now: Date): Promise<void> {
  const last = lastPurge.get(db) ?? 0;
  if (now.getTime() - last < 86_400_000) return;
  lastPurge.set(db, now.getTime());
  await purgeRequestKeys(db, now);
}
