/**
 * Pages of a partner's downline. Every list starts from a node the caller was allowed to see
 * (hierarchy.scoped) and walks the closure table from it, so a list never leaves the subtree.
 */
import { sql, type Expression } from 'kysely';
import { cashStatus, cashTypes } from '../../../contract/moneyKinds.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf } from '../common/paging.js';

export type Depth = 'all' | 'direct';
/** NORMAL members, one partner level, every partner, or everyone. */
export type LevelFilter = string | 'PARTNERS' | 'ALL';
export type Search = { type: 'id' | 'nickname' | 'upper'; value: string } | null;
export type Order =
  | 'JOIN_DESC'
  | 'JOIN_ASC'
  | 'ID_DESC'
  | 'ID_ASC'
  | 'CASH_DESC'
  | 'CASH_ASC'
  | 'POINT_DESC'
  | 'POINT_ASC'
  | 'IN_DESC'
  | 'IN_ASC'
  | 'OUT_DESC'
  | 'OUT_ASC'
  | 'NET_DESC'
  | 'NET_ASC'
  | 'LOGIN_DESC';

export interface ListQuery {
  siteId: string;
  rootId: number;
  depth: Depth;
  level: LevelFilter;
  search: Search;
  order: Order;
  /** only members with an open session at `onlineAt` */
  onlineAt?: Date;
  /** window of the deposit/withdrawal sort keys */
  range?: Range | null;
  page: number;
  perPage: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (v: string) => `%${escapeLike(v)}%`;

/** Maps the screens' search type names onto one of ours. */
export function searchOf(type: string | undefined, value: string | undefined): Search {
  if (!value) return null;
  if (type === 'nickname' || type === 'memNick') return { type: 'nickname', value };
  if (type === 'recommenderId') return { type: 'upper', value };
  return { type: 'id', value };
}

const retailKeys: Record<string, string> = {
  cashamt: 'CASH',
  cash: 'CASH',
  pointamt: 'POINT',
  point: 'POINT',
  cashin: 'IN',
  deposit: 'IN',
  cashout: 'OUT',
  withdrawal: 'OUT',
  netcash: 'NET',
  netdeposit: 'NET',
  memid: 'ID',
  id: 'ID',
  joindate: 'JOIN',
  regdate: 'JOIN',
};
/** The retail lists' orderColumn/orderType (or 'key_DESC' in one string) as an Order; unknown keys sort by join date. */
export function retailOrder(column: string | undefined, type: string | undefined): Order {
  let [key, dir] = [column ?? '', type ?? ''];
  if (!dir && key.includes('_')) [key, dir] = [key.slice(0, key.lastIndexOf('_')), key.slice(key.lastIndexOf('_') + 1)];
  const k = retailKeys[key.toLowerCase()] ?? 'JOIN';
  const d = dir.toUpperCase() === 'ASC' || dir === '1' ? 'ASC' : 'DESC';
  return `${k}_${d}` as Order;
}

function subtree(db: Db, q: ListQuery) {
  // the site filter lets the planner walk an ordered member index and probe the closure key
  const base = db.selectFrom('member_path as p').innerJoin('member as m', 'm.id', 'p.descendant_id').where('p.ancestor_id', '=', q.rootId).where('m.site_id', '=', q.siteId);
  // direct children through parent_id: its index knows how many a node has, the closure's does not
  return q.depth === 'direct' ? base.where('m.parent_id', '=', q.rootId).where('p.depth', '=', 1) : base.where('p.depth', '>', 0);
}

/** Without a search the total comes from the per-level head counts (member_subtree), not from the subtree. */
async function countFast(db: Db, q: ListQuery): Promise<number | null> {
  if (q.search || q.onlineAt) return null;
  if (q.depth === 'direct') {
    let c = db
      .selectFrom('member as m')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.parent_id', '=', q.rootId);
    if (q.level === 'PARTNERS') c = c.where('m.partner_level', '<>', 'NORMAL');
    else if (q.level !== 'ALL') c = c.where('m.partner_level', '=', q.level);
    return Number((await c.executeTakeFirstOrThrow()).n);
  }
  let c = db
    .selectFrom('member_subtree')
    .select((eb) => eb.fn.sum<number>('cnt').as('n'))
    .where('ancestor_id', '=', q.rootId);
  if (q.level === 'PARTNERS') c = c.where('partner_level', '<>', 'NORMAL');
  else if (q.level !== 'ALL') c = c.where('partner_level', '=', q.level);
  return Number((await c.executeTakeFirstOrThrow()).n ?? 0);
}

// Balances carry no index (migration 132: every bet's balance update stays HOT), so a list by cash or
// points sorts the subtree. For a subtree of this many members or more the sort is bounded first.
const LARGE_SUBTREE = 5_000;

/**
 * A page by balance of a large subtree without sorting all of it: the site's top balances first (a
 * bounded top-N sort of one table), then those inside the subtree. Any subtree member left out
 * ranks below every candidate, so when the candidates hold the page in full it is exact; when they
 * do not (a subtree that is a small part of its site) the answer is null and the caller sorts.
 */
export async function balancePageOfLargeSubtree(db: Db, q: ListQuery, col: 'cash_amt' | 'point_amt', d: 'asc' | 'desc', total: number) {
  const offset = (q.page - 1) * q.perPage;
  const expected = Math.max(0, Math.min(q.perPage, total - offset));
  let top = db
    .selectFrom('member as c')
    .select(['c.id', `c.${col} as v`])
    .where('c.site_id', '=', q.siteId);
  if (q.level === 'PARTNERS') top = top.where('c.partner_level', '<>', 'NORMAL');
  else if (q.level !== 'ALL') top = top.where('c.partner_level', '=', q.level);
  const candidates = top
    .orderBy(`c.${col}`, d)
    .orderBy('c.id', d)
    .limit((offset + q.perPage) * 4);
  const rows = await db
    .selectFrom(candidates.as('m'))
    .innerJoin('member_path as p', 'p.descendant_id', 'm.id')
    .select('m.id')
    .where('p.ancestor_id', '=', q.rootId)
    .where('p.depth', '>', 0)
    .orderBy('m.v', d)
    .orderBy('m.id', d)
    .limit(q.perPage)
    .offset(offset)
    .execute();
  return rows.length === expected ? rows.map((r) => r.id) : null;
}

/** One page of member row ids plus the total, in the asked order. */
export async function pageIds(db: Db, q: ListQuery): Promise<{ ids: number[]; total: number }> {
  let base = subtree(db, q);
  if (q.level === 'PARTNERS') base = base.where('m.partner_level', '<>', 'NORMAL');
  else if (q.level !== 'ALL') base = base.where('m.partner_level', '=', q.level);
  // ids by prefix (an index range on lower(mem_id)); nicknames anywhere (a scan)
  if (q.search?.type === 'id') base = base.where(sql`lower(m.mem_id)`, 'like', `${escapeLike(q.search.value.toLowerCase())}%`);
  else if (q.search?.type === 'nickname') base = base.where('m.mem_nick', 'ilike', like(q.search.value));
  else if (q.search?.type === 'upper') {
    const v = q.search.value;
    // the upper must itself lie inside the caller's subtree: an upline id finds nothing
    base = base.where('m.parent_id', 'in', (eb) =>
      eb
        .selectFrom('member as u')
        .innerJoin('member_path as up', 'up.descendant_id', 'u.id')
        .select('u.id')
        .where('u.site_id', '=', q.siteId)
        .where('u.mem_id', '=', v)
        .where('up.ancestor_id', '=', q.rootId),
    );
  }
  if (q.onlineAt) {
    const at = q.onlineAt;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('session as s').select('s.id').whereRef('s.member_id', '=', 'm.id').where('s.ended_at', 'is', null).where('s.expires_at', '>', at)),
    );
  }

  const fast = await countFast(db, q);
  if (fast === 0) return { ids: [], total: 0 };

  const [key, dir] = q.order.split('_') as [string, 'DESC' | 'ASC'];
  const d = dir === 'ASC' ? 'asc' : 'desc';
  if ((key === 'CASH' || key === 'POINT') && fast !== null && fast >= LARGE_SUBTREE && q.depth === 'all') {
    const ids = await balancePageOfLargeSubtree(db, q, key === 'CASH' ? 'cash_amt' : 'point_amt', d, fast);
    if (ids) return { ids, total: fast };
  }
  const sum = (type: number): Expression<number> => {
    const r = q.range;
    return sql<number>`(select coalesce(sum(r.amount), 0) from cash_request r where r.member_id = m.id and r.cash_type = ${type}
      and r.status = ${cashStatus.complete}${r ? sql` and r.updated_at >= ${r.from} and r.updated_at < ${r.to}` : sql``})`;
  };
  // a search scans anyway: the total rides along as a window count instead of a second scan
  let page = base.select(['m.id', (fast === null ? sql<number>`count(*) over ()` : sql<number>`0`).as('total')]);
  switch (key) {
    case 'ID':
      page = page.orderBy('m.site_id').orderBy('m.mem_id', d);
      break;
    case 'CASH':
      page = page.orderBy('m.cash_amt', d).orderBy('m.id', d);
      break;
    case 'POINT':
      page = page.orderBy('m.point_amt', d).orderBy('m.id', d);
      break;
    case 'IN':
      page = page.orderBy(sum(cashTypes.deposit), d).orderBy('m.id', 'desc');
      break;
    case 'OUT':
      page = page.orderBy(sum(cashTypes.withdrawal), d).orderBy('m.id', 'desc');
      break;
    case 'NET':
      page = page.orderBy(sql`${sum(cashTypes.deposit)} - ${sum(cashTypes.withdrawal)}`, d).orderBy('m.id', 'desc');
      break;
    case 'LOGIN':
      page = page.orderBy(sql`m.last_login_at desc nulls last`).orderBy('m.id', 'desc');
      break;
    default:
      page = page.orderBy('m.created_at', d).orderBy('m.id', d);
  }
  const rows = await page
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  let total = fast ?? Number(rows[0]?.total ?? 0);
  if (fast === null && !rows.length && q.page > 1) {
    total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  }
  return { ids: rows.map((r) => r.id), total };
}

/** Ids of everyone below the root at one level, for target selects (at most 1000, by id). */
export async function memIdsAt(db: Db, rootId: number, level: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_path as p')
    .innerJoin('member as m', 'm.id', 'p.descendant_id')
    .select('m.mem_id')
    .where('p.ancestor_id', '=', rootId)
    .where('p.depth', '>', 0)
    .where('m.partner_level', '=', level)
    .orderBy('m.mem_id')
    .limit(1000)
    .execute();
  return rows.map((r) => r.mem_id);
}

/**
 * The operator's page of its site's partners (it sits in no subtree): top level first, then by id;
 * level picks one partner level, search an id prefix or a nickname.
 */
export async function sitePartnerPage(db: Db, q: Pick<ListQuery, 'siteId' | 'level' | 'search' | 'page' | 'perPage'>): Promise<{ ids: number[]; total: number }> {
  let base = db.selectFrom('member as m').where('m.site_id', '=', q.siteId).where('m.login_type', '=', 'PARTNER');
  if (q.level !== 'PARTNERS' && q.level !== 'ALL') base = base.where('m.partner_level', '=', q.level);
  if (q.search?.type === 'nickname') base = base.where('m.mem_nick', 'ilike', like(q.search.value));
  else if (q.search) base = base.where(sql`lower(m.mem_id)`, 'like', `${escapeLike(q.search.value.toLowerCase())}%`);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await base
    .select('m.id')
    .orderBy('m.partner_level')
    .orderBy('m.mem_id')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return { ids: rows.map((r) => r.id), total: Number(n) };
}

/** Builds a list screen's rows of a page of member ids, in their order (figures over `range`, names in `locale`). */
export type RowBuilder<T, V = number> = (db: Db, viewerId: V, ids: number[], range: Range | null, locale: string) => Promise<T[]>;

/** One page of a subtree list: the page's ids by the query's filter and order, then their rows. */
export async function listPage<T>(db: Db, viewerId: number, q: ListQuery, rows: RowBuilder<T>, range: Range | null, locale: string) {
  const { ids, total } = await pageIds(db, q);
  return { list: await rows(db, viewerId, ids, range, locale), pageInfo: pageInfoOf(q.page, total, q.perPage) };
}

/** The operator's own partner list: one page of every partner of its site, top level first. */
export async function sitePartnerList<T>(db: Db, q: Parameters<typeof sitePartnerPage>[1], rows: RowBuilder<T, null>, range: Range | null, locale: string) {
  const { ids, total } = await sitePartnerPage(db, q);
  return { list: await rows(db, null, ids, range, locale), pageInfo: pageInfoOf(q.page, total, q.perPage) };
}
