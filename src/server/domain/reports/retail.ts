/** Partners' back-office money lists: gives and retrieves, cash logs, and their subtree's cash and point movements. */
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { inSubtree } from '../auth/members.js';
import { codeName } from '../../../contract/enums.js';
import type { Range } from '../common/dateRange.js';
import { containsPattern, paged, pageInfoOf } from '../common/paging.js';
import { toWire } from '../common/time.js';

const SYSTEM = 'SYSTEM';
/** A ledger entry's own columns, as every list here shows them. */
const entryColumns = ['e.id', 'e.type_code', 'e.before_amt', 'e.amount', 'e.after_amt', 'e.created_at', 'e.memo'] as const;
const shown = (memId: string, loginType: string) => (loginType === 'HOUSE' ? SYSTEM : memId);

/** The node a partner query starts from: the caller, or a member of the caller's own subtree (else A002). */
export async function scopeRoot(db: Db, siteId: string, callerId: number, memId: string | undefined): Promise<number> {
  if (!memId) return callerId;
  const m = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!m || !(await inSubtree(db, callerId, m.id))) throw new ApiError('A002');
  return m.id;
}

/** Gives and retrieves made by one partner (its -3/3 entries) with the member's side of each. */
export async function cashSendList(db: Db, topId: number, f: { range: Range; cashType?: '-3' | '3'; cashStatus?: string; botMemId?: string; page: number; perPage: number }) {
  if (f.cashStatus && f.cashStatus !== '1') return { list: [], pageInfo: pageInfoOf(f.page, 0, f.perPage) };
  let q = db
    .selectFrom('ledger_entry as e')
    .innerJoin('member as bm', 'bm.id', 'e.counterpart_id')
    .innerJoin('member as tm', 'tm.id', 'e.member_id')
    .where('e.member_id', '=', topId)
    .where('e.kind', '=', 'cash')
    .where('e.type_code', 'in', f.cashType ? [Number(f.cashType)] : [-3, 3])
    .where('e.created_at', '>=', f.range.from)
    .where('e.created_at', '<', f.range.to);
  if (f.botMemId) q = q.where('bm.mem_id', '=', f.botMemId);
  const { list, pageInfo } = await paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    // the member's side of each movement, joined only for the page's rows
    (w) =>
      q
        // by move only (a give/retrieve move has exactly two cash entries), so the planner cannot pick the account index
        .innerJoin('ledger_entry as b', (j) => j.onRef('b.move_id', '=', 'e.move_id').onRef('b.id', '<>', 'e.id').on('b.kind', '=', 'cash'))
        .select([...entryColumns, 'bm.mem_id', 'bm.mem_nick', 'tm.mem_id as top_mem_id', 'b.before_amt as b_before', 'b.after_amt as b_after'])
        .orderBy('e.id', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
      cashIdx: r.id,
      topMemId: r.top_mem_id,
      botMemId: r.mem_id,
      botMemNick: r.mem_nick,
      cashType: String(r.type_code),
      preCashAmt: r.before_amt,
      cashAmt: Math.abs(r.amount),
      aftCashAmt: r.after_amt,
      botPreCashAmt: r.b_before,
      botAftCashAmt: r.b_after,
      regDate: toWire(r.created_at),
      cashStatus: '1',
      memo: r.memo ?? '',
    }),
  );
  return { list, pageInfo };
}

/** Cash entries of one account joined with the other side and the cash request they belong to. */
function cashEntries(db: Db, memberId: number, range: Range) {
  return db
    .selectFrom('ledger_entry as e')
    .innerJoin('member as c', 'c.id', 'e.counterpart_id')
    .innerJoin('member as me', 'me.id', 'e.member_id')
    .innerJoin('member as s', 's.id', 'e.sender_id')
    .innerJoin('member as rv', 'rv.id', 'e.receiver_id')
    .leftJoin('cash_request as r', 'r.id', 'e.cash_request_id')
    .where('e.member_id', '=', memberId)
    .where('e.kind', '=', 'cash')
    .where('e.created_at', '>=', range.from)
    .where('e.created_at', '<', range.to);
}

type CashEntries = ReturnType<typeof cashEntries>;

/** A page of cash entries, newest first, with what either cash log shows of each. */
const cashEntryRows = (q: CashEntries, w: { limit: number; offset: number }) =>
  q
    .select([
      ...entryColumns,
      'c.mem_id',
      'c.mem_nick',
      'c.login_type',
      'me.mem_id as my_id',
      'me.mem_nick as my_nick',
      's.mem_id as s_id',
      's.login_type as s_type',
      'rv.mem_id as r_id',
      'rv.login_type as r_type',
      'r.status',
      'r.updated_at',
    ])
    .orderBy('e.id', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();

const cashEntryPage = <T>(q: CashEntries, at: { page: number; size: number }, map: (r: Awaited<ReturnType<typeof cashEntryRows>>[number]) => T) =>
  paged(
    at,
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) => cashEntryRows(q, w),
    map,
  );

const entryStatus = (r: { type_code: number; amount: number; status: number | null }) => (r.status == null ? 1 : r.type_code === -1 && r.amount > 0 ? -1 : r.status);

/** A partner's own cash log; `memId` (another member than the caller) filters the other side. */
export async function cashTransLog(
  db: Db,
  caller: { id: number; memId: string },
  f: { range: Range; memId?: string; cashTypeList?: number[] | null; page: number; perPage: number },
) {
  let q = cashEntries(db, caller.id, f.range);
  if (f.cashTypeList?.length) q = q.where('e.type_code', 'in', f.cashTypeList);
  if (f.memId && f.memId !== caller.memId) q = q.where('c.mem_id', '=', f.memId);
  const { list, pageInfo } = await cashEntryPage(q, { page: f.page, size: f.perPage }, (r) => {
    const house = r.login_type === 'HOUSE';
    const status = entryStatus(r);
    return {
      cashIdx: r.id,
      regDate: toWire(r.created_at),
      updDate: toWire(r.updated_at ?? r.created_at),
      memId: house ? r.my_id : r.mem_id,
      memNick: house ? r.my_nick : r.mem_nick,
      cashType: r.type_code,
      typeDesc: codeName('cashType', r.type_code),
      preCashAmt: r.before_amt,
      cashAmt: r.amount,
      postCashAmt: r.after_amt,
      cashStatus: status,
      statusDesc: codeName('cashStatus', status),
      memo: r.memo ?? '',
    };
  });
  return { cashTransLogs: list, pageInfo };
}

/** One member's cash log for the detail screen, 10 a page. */
export async function memberCashLog(db: Db, memberId: number, f: { range: Range; cashType?: number; page: number }) {
  const per = 10;
  let q = cashEntries(db, memberId, f.range);
  if (f.cashType !== undefined) q = q.where('e.type_code', '=', f.cashType);
  const { list, pageInfo } = await cashEntryPage(q, { page: f.page, size: per }, (r) => ({
    cashIdx: r.id,
    preCashAmt: r.before_amt,
    afterCashAmt: r.after_amt,
    cashAmt: r.amount,
    sender: shown(r.s_id, r.s_type),
    reciver: shown(r.r_id, r.r_type),
    cashType: r.type_code,
    cashDesc: codeName('cashType', r.type_code),
    memo: r.memo ?? '',
    regDate: toWire(r.created_at),
    updDate: toWire(r.updated_at ?? r.created_at),
  }));
  return { cashLog: list, pageInfo };
}

export interface SubtreeFilter {
  rootId: number;
  range: Range;
  searchType?: 'memId' | 'memNick' | 'recommenderId';
  searchWord?: string;
  page: number;
  perPage: number;
}

/** Entries of every member strictly below `rootId`, with the member, its parent and its cash request. */
function subtreeEntries(db: Db, kind: 'cash' | 'point', f: SubtreeFilter) {
  let q = db
    .selectFrom('ledger_entry as e')
    .innerJoin('member_path as p', 'p.descendant_id', 'e.member_id')
    .innerJoin('member as m', 'm.id', 'e.member_id')
    .leftJoin('member as pm', 'pm.id', 'm.parent_id')
    .leftJoin('cash_request as r', 'r.id', 'e.cash_request_id')
    .where('p.ancestor_id', '=', f.rootId)
    .where('p.depth', '>=', 1)
    .where('e.kind', '=', kind)
    .where('e.created_at', '>=', f.range.from)
    .where('e.created_at', '<', f.range.to);
  const w = f.searchWord?.trim();
  if (w && f.searchType === 'memNick') q = q.where('m.mem_nick', 'ilike', containsPattern(w));
  else if (w && f.searchType === 'recommenderId') q = q.where('pm.mem_id', '=', w);
  else if (w) q = q.where('m.mem_id', 'ilike', containsPattern(w));
  return q;
}

/** Uppers of each member that lie inside the viewer's own subtree, nearest first. */
async function topUsers(db: Db, viewerId: number, memberIds: number[]) {
  const out = new Map<number, { recommenderId: string; partnerLevel: string; partnerLevelName: string }[]>();
  if (!memberIds.length) return out;
  const rows = await db
    .selectFrom('member_path as p')
    .innerJoin('member as a', 'a.id', 'p.ancestor_id')
    .innerJoin('member_path as v', (j) => j.onRef('v.descendant_id', '=', 'p.ancestor_id').on('v.ancestor_id', '=', viewerId))
    .select(['p.descendant_id', 'a.mem_id', 'a.partner_level'])
    .where('p.descendant_id', 'in', [...new Set(memberIds)])
    .where('p.depth', '>=', 1)
    .orderBy('p.depth')
    .execute();
  for (const r of rows) {
    const list = out.get(r.descendant_id) ?? [];
    list.push({ recommenderId: r.mem_id, partnerLevel: r.partner_level, partnerLevelName: codeName('partnerLevel', r.partner_level) });
    out.set(r.descendant_id, list);
  }
  return out;
}

const orderColumns = { preCashAmt: 'e.before_amt', regDate: 'e.id', updDate: sql`coalesce(r.updated_at, e.created_at)` } as const;

/** Cash movements below a node of the viewer's tree (partner cash list). */
export async function bottomCashList(db: Db, viewerId: number, f: SubtreeFilter & { cashType?: number; orderColumn?: keyof typeof orderColumns; orderType: 'asc' | 'desc' }) {
  let q = subtreeEntries(db, 'cash', f);
  if (f.cashType !== undefined) q = q.where('e.type_code', '=', f.cashType);
  const col = orderColumns[f.orderColumn ?? 'regDate'];
  const { list, pageInfo } = await paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    async (w) => {
      const rows = await q
        .select([...entryColumns, 'e.member_id', 'm.mem_id', 'm.mem_nick', 'm.partner_level', 'r.created_at as applied_at', 'r.updated_at'])
        .orderBy(typeof col === 'string' ? sql.ref(col) : col, f.orderType)
        .orderBy('e.id', f.orderType)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
      // the page's members' uppers, in one query
      const tops = await topUsers(
        db,
        viewerId,
        rows.map((r) => r.member_id),
      );
      return rows.map((r) => ({ ...r, tops: tops.get(r.member_id) ?? [] }));
    },
    (r) => ({
      cashIdx: r.id,
      memId: r.mem_id,
      memNick: r.mem_nick,
      myLevel: r.partner_level,
      myLevelName: codeName('partnerLevel', r.partner_level),
      topUserList: r.tops,
      cashType: r.type_code,
      cashDesc: codeName('cashType', r.type_code),
      preCashAmt: r.before_amt,
      cashAmt: r.amount,
      aftCashAmt: r.after_amt,
      // a request's row: applied when the member asked, processed when the ledger moved
      regDate: toWire(r.applied_at ?? r.created_at),
      updDate: toWire(r.updated_at ?? r.created_at),
    }),
  );
  return { list, pageInfo };
}

/** Point movements below a node of the viewer's tree (sub-partner point history). */
export async function subtreePoints(db: Db, f: SubtreeFilter & { pointTypes?: number[] }) {
  let q = subtreeEntries(db, 'point', f);
  if (f.pointTypes?.length) q = q.where('e.type_code', 'in', f.pointTypes);
  const { list, pageInfo } = await paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) =>
      q
        .select([...entryColumns, 'm.mem_id', 'm.mem_nick'])
        .orderBy('e.id', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
      pointIdx: r.id,
      memId: r.mem_id,
      memNick: r.mem_nick,
      pointType: String(r.type_code),
      pointDesc: codeName('pointType', r.type_code),
      prePointAmt: r.before_amt,
      pointAmt: r.amount,
      aftPointAmt: r.after_amt,
      pointRegDate: toWire(r.created_at),
      memo: r.memo ?? '',
    }),
  );
  return { list, pageInfo };
}
