/** Back-office and players' lists of cash requests, cash movements and point history, a page at a time. */
import { sql } from 'kysely';
import { codeName } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { paged } from '../common/paging.js';
import { toWire } from '../common/time.js';

/** A player's own deposit and withdrawal requests, newest first. */
export async function ownRequests(db: Db, memberId: number, f: { cashType?: number; range: Range; page: number }) {
  let q = db.selectFrom('cash_request').where('member_id', '=', memberId).where('created_at', '>=', f.range.from).where('created_at', '<', f.range.to);
  if (f.cashType !== undefined) q = q.where('cash_type', '=', f.cashType);
  const { list, pageInfo } = await paged(
    { page: f.page, size: 10 },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) => q.selectAll().orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    (r) => ({
      cashIdx: r.id,
      cashType: r.cash_type,
      regDate: toWire(r.created_at),
      updDate: toWire(r.updated_at),
      cashAmt: r.amount,
      cashStatus: r.status,
      refused: r.status === -1 && r.processed_by !== r.member_id,
    }),
  );
  return { list, pageInfo };
}

/** One reference format: the cash request's number (what its receipt shows), else the ledger row's own number. */
const moveReference = (cashRequestId: number | null, moveId: number) => `#${cashRequestId ?? moveId}`;

/** A ledger row of a cash request stands where its request stands: held until paid, cancelled by its member or rejected. */
function moveState(status: number | null, processedBy: number | null, memberId: number) {
  if (status === null || status === 1) return 'done' as const;
  if (status === -1) return processedBy === memberId ? ('cancelled' as const) : ('rejected' as const);
  return 'pending' as const;
}

/** A member's own cash movements from the ledger, newest first: only rows of `memberId`, whoever asks. */
export async function ownMoves(db: Db, memberId: number, f: { range: Range; page: number }) {
  const q = db
    .selectFrom('ledger_entry as e')
    .where('e.member_id', '=', memberId)
    .where('e.kind', '=', 'cash')
    .where('e.created_at', '>=', f.range.from)
    .where('e.created_at', '<', f.range.to);
  const { list, pageInfo } = await paged(
    { page: f.page, size: 10 },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) =>
      q
        .leftJoin('cash_request as r', 'r.id', 'e.cash_request_id')
        .select(['e.id', 'e.type_code', 'e.amount', 'e.after_amt', 'e.cash_request_id', 'e.created_at', 'r.status', 'r.processed_by'])
        .orderBy('e.id', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
      moveIdx: Number(r.id),
      regDate: toWire(r.created_at),
      moveType: r.type_code,
      amount: Number(r.amount),
      afterAmt: Number(r.after_amt),
      reference: moveReference(r.cash_request_id, Number(r.id)),
      state: moveState(r.status, r.processed_by, memberId),
    }),
  );
  return { list, pageInfo };
}

const num = (v: unknown, d = 0) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d);

/** A player's point history: 'in' what was credited, 'out' conversions; with the sum over the filter. */
export async function ownPoints(db: Db, memberId: number, f: { pointType: 'in' | 'out'; range: Range; page: number }) {
  let q = db
    .selectFrom('ledger_entry as e')
    .innerJoin('member as m', 'm.id', 'e.member_id')
    .where('e.member_id', '=', memberId)
    .where('e.kind', '=', 'point')
    .where('e.created_at', '>=', f.range.from)
    .where('e.created_at', '<', f.range.to);
  q = f.pointType === 'in' ? q.where('e.amount', '>', 0) : q.where('e.type_code', '=', -4);
  const { list, pageInfo, head } = await paged(
    { page: f.page, size: 10 },
    () => q.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('e.amount'), sql<number>`0`).as('sum')]).executeTakeFirstOrThrow(),
    (w) => q.select(['e.id', 'e.type_code', 'e.amount', 'e.detail', 'e.created_at', 'm.mem_id']).orderBy('e.id', 'desc').limit(w.limit).offset(w.offset).execute(),
    (r) => {
      const d = (r.detail ?? {}) as Record<string, unknown>;
      return {
        pointIdx: r.id,
        gameIdx: d.gameIdx == null ? null : num(d.gameIdx),
        regDt: toWire(r.created_at),
        updDt: toWire(r.created_at),
        memId: r.mem_id,
        pointType: String(r.type_code),
        codeName: typeof d.codeName === 'string' ? d.codeName : codeName('pointType', r.type_code),
        betAmt: num(d.betAmt),
        pointRate: num(d.pointRate),
        pointBonusRate: num(d.pointBonusRate),
        point_inAmt: r.amount,
        status: 'complete',
      };
    },
  );
  return { list, sum: Number(head.sum), pageInfo };
}

/** The operator's queue of cash requests. */
export async function siteRequests(
  db: Db,
  siteId: string,
  f: { cashStatus?: number; cashType?: number; memId?: string; open?: boolean; order?: 'asc' | 'desc'; range?: Range; page: number; perPage: number },
) {
  let q = db.selectFrom('cash_request as r').innerJoin('member as m', 'm.id', 'r.member_id').where('r.site_id', '=', siteId);
  if (f.cashStatus !== undefined) q = q.where('r.status', '=', f.cashStatus);
  else if (f.open) q = q.where('r.status', 'in', [0, 2]);
  if (f.cashType !== undefined) q = q.where('r.cash_type', '=', f.cashType);
  if (f.memId) q = q.where('m.mem_id', '=', f.memId);
  if (f.range) q = q.where('r.created_at', '>=', f.range.from).where('r.created_at', '<', f.range.to);
  const { list, pageInfo } = await paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) =>
      q
        .select(['r.id', 'r.cash_type', 'r.amount', 'r.status', 'r.created_at', 'r.updated_at', 'm.mem_id', 'm.mem_nick', 'm.mem_name', 'm.bank', 'm.bank_acc', 'm.cash_amt'])
        .orderBy('r.id', f.order ?? 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
      cashIdx: r.id,
      memId: r.mem_id,
      memNick: r.mem_nick,
      memName: r.mem_name ?? '',
      bank: r.bank ?? '',
      bankAcc: r.bank_acc ?? '',
      cashType: r.cash_type,
      cashAmt: r.amount,
      cashStatus: r.status,
      memCashAmt: r.cash_amt,
      regDate: toWire(r.created_at),
      updDate: toWire(r.updated_at),
    }),
  );
  return { list, pageInfo };
}
