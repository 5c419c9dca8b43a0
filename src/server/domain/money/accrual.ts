/**
 * The accrual step: applies pending ledger sides (ledger_pending) and daily figures (daily_pending)
 * that hot movements wrote without locking their rows. One transaction per batch: the batch's rows
 * are deleted, their entries written with before/after, balances and daily_stat moved by the sum
 * per row. Exactly once and crash-safe because deleting the pending rows and writing their effect
 * commit together; one applier at a time across instances through a transaction advisory lock.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/driver.js';
import type { Database } from '../../db/schema.js';
import type { Changed, Trx } from './ledger.js';

const LOCK_KEY = 7247100;
const BATCH = 1000;

/** a pending ledger side as the batch reads it */
type Pending = Selectable<Database['ledger_pending']>;

export interface Applied {
  /** pending ledger sides applied */
  sides: number;
  /** pending daily rows applied */
  daily: number;
  /** non-house members whose balance moved: the caller pushes CASH to them */
  changed: Changed[];
}

export interface ApplyOptions {
  limit?: number;
  /** test hook, run after the batch is read and locked and before its effect is written */
  midBatch?: (trx: Trx) => Promise<void> | void;
}

/** Applies one batch; null when another applier holds the lock. */
export async function applyPending(db: Db, opts: ApplyOptions = {}): Promise<Applied | null> {
  const limit = opts.limit ?? BATCH;
  return db.transaction().execute(async (trx) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`.execute(trx);
    if (!got.rows[0]?.ok) return null;
    const { rows } = await sql<Pending>`
      delete from ledger_pending where id in (select id from ledger_pending order by id limit ${limit}) returning *
    `.execute(trx);
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const ids = [...new Set(rows.map((r) => Number(r.member_id)))].sort((a, b) => a - b);
    const accounts = new Map<number, { siteId: string; memId: string; house: boolean; cash: number; point: number }>();
    if (ids.length) {
      // the same lock order (ascending id) and strength as a movement's, so the two never deadlock
      const locked = await sql<{ id: number; site_id: string; mem_id: string; login_type: string; cash_amt: number; point_amt: number }>`
        select id, site_id, mem_id, login_type, cash_amt, point_amt from member
        where id in (${sql.join(ids.map((id) => sql`${id}::bigint`))}) order by id for no key update
      `.execute(trx);
      for (const r of locked.rows) {
        accounts.set(Number(r.id), { siteId: r.site_id, memId: r.mem_id, house: r.login_type === 'HOUSE', cash: Number(r.cash_amt), point: Number(r.point_amt) });
      }
    }
    await opts.midBatch?.(trx);
    if (rows.length) {
      const entries = rows.map((r, ord) => {
        const a = accounts.get(Number(r.member_id))!;
        const before = a[r.kind];
        a[r.kind] = before + Number(r.amount);
        return {
          ord, site_id: r.site_id, move_id: r.move_id, member_id: r.member_id, counterpart_id: r.counterpart_id, kind: r.kind, type_code: r.type_code,
          before_amt: before, amount: r.amount, after_amt: before + Number(r.amount), sender_id: r.sender_id, receiver_id: r.receiver_id,
          memo: r.memo, request_key: r.request_key, cash_request_id: r.cash_request_id, detail: r.detail ?? null,
          created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
        };
      });
      const balances = [...accounts].map(([id, a]) => ({ id, cash: a.cash, point: a.point }));
      await sql`
        with e as (
          insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
            sender_id, receiver_id, memo, request_key, cash_request_id, detail, created_at)
          select site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
            sender_id, receiver_id, memo, request_key, cash_request_id, detail, created_at
          from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x(ord int, site_id text, move_id bigint, member_id bigint, counterpart_id bigint,
            kind text, type_code int, before_amt bigint, amount bigint, after_amt bigint, sender_id bigint, receiver_id bigint, memo text,
            request_key text, cash_request_id bigint, detail jsonb, created_at timestamptz)
          order by ord
        )
        update member as m set cash_amt = v.cash, point_amt = v.point, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb) as v(id bigint, cash bigint, point bigint) where m.id = v.id
      `.execute(trx);
    }
    const daily = await sql`
      with d as (delete from daily_pending where id in (select id from daily_pending order by id limit ${limit}) returning *)
      insert into daily_stat (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
      select site_id, member_id, scope, day, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
      from d group by site_id, member_id, scope, day, category
      order by member_id, scope, day, category
      on conflict (member_id, scope, day, category) do update set
        bet_cnt = daily_stat.bet_cnt + excluded.bet_cnt, stake = daily_stat.stake + excluded.stake, win = daily_stat.win + excluded.win,
        rolling = daily_stat.rolling + excluded.rolling, losing = daily_stat.losing + excluded.losing
    `.execute(trx);
    const changed = [...accounts].filter(([, a]) => !a.house).map(([, a]) => ({ siteId: a.siteId, memId: a.memId, cash: a.cash, point: a.point }));
    return { sides: rows.length, daily: Number(daily.numAffectedRows ?? 0), changed };
  });
}
