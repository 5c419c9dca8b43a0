import { sql, type Transaction } from 'kysely';
import { ApiError, type ResultCode } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import type { Database } from '../../db/schema.js';

export type Kind = 'cash' | 'point';
export type Trx = Transaction<Database>;

/** A member row as a movement sees it, locked for the rest of the transaction. */
export interface Account {
  id: number;
  memId: string;
  loginType: string;
  status: string;
  parentId: number | null;
  outAmtYn: string;
  cash: number;
  point: number;
}

export interface Transfer {
  kind: Kind;
  from: number;
  to: number;
  /** > 0; `from` loses it, `to` gains it */
  amount: number;
  fromType: number;
  toType: number;
  /** answered when `from` (not a house account) would go below zero */
  short: ResultCode;
  memo?: string | null;
  cashRequestId?: number | null;
  detail?: Record<string, unknown> | null;
}

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

/** The outside world's mirror (house) and the holding account of applied withdrawals (hold), per site. */
export interface SystemAccounts {
  house: number;
  hold: number;
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
    .values([row(HOUSE_ID), row(HOLD_ID)])
    .onConflict((oc) => oc.columns(['site_id', 'mem_id']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('member')
    .select(['id', 'mem_id'])
    .where('site_id', '=', siteId)
    .where('mem_id', 'in', [HOUSE_ID, HOLD_ID])
    .execute();
  const ids = { house: rows.find((r) => r.mem_id === HOUSE_ID)!.id, hold: rows.find((r) => r.mem_id === HOLD_ID)!.id };
  perDb.set(siteId, ids);
  return ids;
}

/** Backwards-compatible name: the house account of a site. */
export const houseId = async (db: Db, siteId: string) => (await systemAccounts(db, siteId)).house;

interface EntryRow {
  site_id: string;
  move_id: number;
  member_id: number;
  counterpart_id: number;
  kind: Kind;
  type_code: number;
  before_amt: number;
  amount: number;
  after_amt: number;
  sender_id: number;
  receiver_id: number;
  memo: string | null;
  request_key: string | null;
  cash_request_id: number | null;
  detail: string | null;
  created_at: Date;
}

/**
 * One movement in progress: lock accounts once, transfer, and the runner writes it all at commit.
 * (The hot movements, which leave unchecked credits to the accrual step, are SQL functions:
 * migrations 110 and 130.)
 */
export class MoneyTx {
  readonly accounts = new Map<number, Account>();
  readonly entries: EntryRow[] = [];
  private moveId = 0;
  private touched = new Set<number>();

  constructor(
    readonly trx: Trx,
    readonly siteId: string,
    readonly at: Date,
    readonly requestKey: string | null,
  ) {}

  /** Locks the member rows in ascending id order (the one global order, so movements never deadlock). */
  async lock(ids: number[]): Promise<Map<number, Account>> {
    if (this.moveId) throw new Error('lock() may be called once per movement');
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const { rows } = await sql<{
      id: number; mem_id: string; login_type: string; status: string; parent_id: number | null;
      out_amt_yn: string; cash_amt: number; point_amt: number; mv: number;
    }>`
      with mv as (select nextval('ledger_move_seq') as mv)
      select m.id, m.mem_id, m.login_type, m.status, m.parent_id, m.out_amt_yn, m.cash_amt, m.point_amt, mv.mv
      from member m cross join mv
      where m.site_id = ${this.siteId} and m.id in (${sql.join(unique.map((id) => sql`${id}::bigint`))})
      order by m.id
      for no key update of m
    `.execute(this.trx);
    for (const r of rows) {
      this.moveId = Number(r.mv);
      this.accounts.set(Number(r.id), {
        id: Number(r.id), memId: r.mem_id, loginType: r.login_type, status: r.status, parentId: r.parent_id == null ? null : Number(r.parent_id),
        outAmtYn: r.out_amt_yn, cash: Number(r.cash_amt), point: Number(r.point_amt),
      });
    }
    if (!this.moveId) this.moveId = -1;
    return this.accounts;
  }

  account(id: number): Account {
    const a = this.accounts.get(id);
    if (!a) throw new Error(`account ${id} not locked`);
    return a;
  }

  transfer(t: Transfer): void {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`bad amount ${t.amount}`);
    if (t.from === t.to) throw new Error('transfer to self');
    const key = t.kind === 'cash' ? 'cash' : 'point';
    const base = {
      site_id: this.siteId,
      move_id: this.moveId,
      kind: t.kind,
      sender_id: t.from,
      receiver_id: t.to,
      memo: t.memo ?? null,
      request_key: this.requestKey,
      cash_request_id: t.cashRequestId ?? null,
      detail: t.detail ? JSON.stringify(t.detail) : null,
      created_at: this.at,
    };
    const side = (id: number, other: number, type_code: number, amount: number) => {
      const a = this.account(id);
      if (amount < 0 && a.loginType !== HOUSE && a[key] < -amount) throw new ApiError(t.short);
      this.entries.push({ ...base, member_id: id, counterpart_id: other, type_code, before_amt: a[key], amount, after_amt: a[key] + amount });
      a[key] += amount;
      this.touched.add(id);
    };
    side(t.from, t.to, t.fromType, -t.amount);
    side(t.to, t.from, t.toType, t.amount);
  }

  /** Writes the entries, the new balances and the request key in one statement (one round trip). */
  async flush(key?: { actorId: number; call: string; result: unknown; bodyHash?: string | null }): Promise<Changed[]> {
    const keyRow = key && this.requestKey
      ? sql`insert into request_key (site_id, member_id, key, call, result, body_hash, created_at)
            values (${this.siteId}, ${key.actorId}::bigint, ${this.requestKey}, ${key.call}, ${JSON.stringify(key.result ?? null)}::jsonb, ${key.bodyHash ?? null}, ${this.at}::timestamptz)`
      : null;
    if (!this.entries.length) {
      if (keyRow) await keyRow.execute(this.trx);
      return [];
    }
    const rows = [...this.touched].map((id) => this.account(id));
    const common = (e: EntryRow) => sql`${e.site_id}, ${e.move_id}::bigint, ${e.member_id}::bigint, ${e.counterpart_id}::bigint, ${e.kind}, ${e.type_code}::int`;
    const tail = (e: EntryRow) => sql`${e.sender_id}::bigint, ${e.receiver_id}::bigint, ${e.memo}, ${e.request_key}, ${e.cash_request_id}::bigint, ${e.detail}::jsonb, ${e.created_at}::timestamptz`;
    const ctes = [];
    if (this.entries.length) {
      const values = sql.join(this.entries.map((e) => sql`(${common(e)}, ${e.before_amt}::bigint, ${e.amount}::bigint, ${e.after_amt}::bigint, ${tail(e)})`));
      ctes.push(sql`e as (insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
          sender_id, receiver_id, memo, request_key, cash_request_id, detail, created_at) values ${values})`);
    }
    if (rows.length) {
      const balances = sql.join(rows.map((a) => sql`(${a.id}::bigint, ${a.cash}::bigint, ${a.point}::bigint)`));
      ctes.push(sql`u as (update member as m set cash_amt = v.c, point_amt = v.p, updated_at = now()
        from (values ${balances}) as v(id, c, p) where m.id = v.id)`);
    }
    if (keyRow) ctes.push(sql`k as (${keyRow})`);
    await sql`with ${sql.join(ctes)} select 1`.execute(this.trx);
    return rows
      .filter((a) => a.loginType !== HOUSE)
      .map((a) => ({ siteId: this.siteId, memId: a.memId, cash: a.cash, point: a.point }));
  }
}

export interface MoneyCall {
  siteId: string;
  /** whose request id this is (the caller) */
  actorId: number;
  /** the client's id for this user action; null only for internal movements (seed, vendors with their own keys) */
  requestKey: string | null;
  /** the call's path: a key reused on another call is a duplicate, not a replay */
  call: string;
  /** hash of the request body: a key reused with another body answers C998 instead of the first result */
  bodyHash?: string | null;
  at: Date;
}

export interface MoneyResult<T> {
  result: T;
  replayed: boolean;
  changed: Changed[];
}

const RETRIES = 5;
const pgCode = (e: unknown): string | undefined => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);
const mentions = (e: unknown, name: string) =>
  !!e && typeof e === 'object' && (('constraint' in e && (e as { constraint?: string }).constraint === name) || String((e as Error).message).includes(name));

/**
 * Runs one money movement as one transaction: `fn` locks its accounts, checks, transfers and returns
 * the call's answer; entries, balances and the request key are written in the same transaction.
 * A replayed key answers the stored result; a concurrent duplicate answers C999; nothing moves twice.
 */
export async function runMoney<T>(
  db: Db,
  c: MoneyCall,
  fn: (m: MoneyTx) => Promise<T>,
  /** checks that need no lock; run after the replay lookup, so a replay answers its first result whatever changed since */
  pre?: () => Promise<void>,
): Promise<MoneyResult<T>> {
  if (c.requestKey) {
    const prior = await db
      .selectFrom('request_key')
      .select(['call', 'result', 'body_hash'])
      .where('site_id', '=', c.siteId)
      .where('member_id', '=', c.actorId)
      .where('key', '=', c.requestKey)
      .executeTakeFirst();
    if (prior) {
      if (prior.call !== c.call) throw new ApiError('C999');
      if (c.bodyHash && prior.body_hash && prior.body_hash !== c.bodyHash) throw new ApiError('C998');
      return { result: prior.result as T, replayed: true, changed: [] };
    }
  }
  await pre?.();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const m = new MoneyTx(trx, c.siteId, c.at, c.requestKey);
        const result = await fn(m);
        const changed = await m.flush({ actorId: c.actorId, call: c.call, result, bodyHash: c.bodyHash });
        return { result, replayed: false, changed };
      });
    } catch (e) {
      const code = pgCode(e);
      if (code === '23505' && mentions(e, 'request_key_pkey')) throw new ApiError('C999');
      if ((code === '40001' || code === '40P01') && attempt < RETRIES) {
        await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * attempt));
        continue;
      }
      throw e;
    }
  }
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
