import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { levelOrder } from '../../../contract/enums.js';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../../db/driver.js';
import { codeName } from '../../../contract/enums.js';

export const levelName = (level: string) => codeName('partnerLevel', level);

export interface MemberRef {
  id: number;
  memId: string;
  memNick: string;
  partnerLevel: string;
  loginType: string;
  parentId: number | null;
}

const refColumns = ['m.id', 'm.mem_id', 'm.mem_nick', 'm.partner_level', 'm.login_type', 'm.parent_id'] as const;
const toRef = (r: { id: number; mem_id: string; mem_nick: string; partner_level: string; login_type: string; parent_id: number | null }): MemberRef => ({
  id: r.id,
  memId: r.mem_id,
  memNick: r.mem_nick,
  partnerLevel: r.partner_level,
  loginType: r.login_type,
  parentId: r.parent_id,
});

/**
 * The member a partner call is about: the caller when memId is empty, else a member of the caller's
 * own subtree (itself included). Anything else, unknown ids too, answers A002 so that ids outside
 * the downline cannot be probed. The site's operator (ADMIN, in no subtree) reaches every member
 * of its own site; its own row stands for the house, above the top-level partners.
 */
export async function scoped(db: Db, siteId: string, caller: Pick<Caller, 'id'> & { loginType?: string }, memId: string | undefined | null): Promise<MemberRef> {
  const q = db.selectFrom('member as m').select(refColumns).where('m.site_id', '=', siteId);
  const row = !memId
    ? await q.where('m.id', '=', caller.id).executeTakeFirst()
    : caller.loginType === 'ADMIN'
      ? await q.where('m.mem_id', '=', memId).where('m.login_type', '<>', 'ADMIN').executeTakeFirst()
      : await q
          .innerJoin('member_path as p', (j) => j.onRef('p.descendant_id', '=', 'm.id').on('p.ancestor_id', '=', caller.id))
          .where('m.mem_id', '=', memId)
          .executeTakeFirst();
  if (!row) throw new ApiError('A002');
  return toRef(row);
}

/** Like `scoped` but the caller itself is refused too: edits of a member are made by its uppers. */
export async function scopedBelow(db: Db, siteId: string, caller: Pick<Caller, 'id'> & { loginType?: string }, memId: string | undefined | null): Promise<MemberRef> {
  if (!memId) throw new ApiError('A002');
  const m = await scoped(db, siteId, caller, memId);
  if (m.id === caller.id) throw new ApiError('A002');
  return m;
}

/** P_NORMAL accounts and plain members do not see partner lists (seed §6); the site's operator sees its site's. */
export function assertPartnerLists(caller: Pick<Caller, 'loginType' | 'partnerLevel'>) {
  if (caller.loginType === 'ADMIN') return;
  if (caller.loginType !== 'PARTNER' || caller.partnerLevel === 'NORMAL') throw new ApiError('A001');
}

export interface TreeNode {
  memId: string;
  memNick: string;
  partnerLevel: string;
  partnerLevelName: string;
  /** children this node has under the same tree option */
  cnt: number;
  children: TreeNode[];
  open: boolean;
}

/** Partners first by level, then members, each by id. */
const levelSort = sql<number>`case when m.partner_level = 'NORMAL' then 8 else cast(substr(m.partner_level, 5) as integer) end`;

/**
 * One level of the tree, loaded lazily: `root` with its direct children (paged), each child with
 * the count of its own children. treeOption 'N' shows partners only, 'Y' members too.
 */
export async function hierarchy(db: Db, root: MemberRef, f: { treeOption: 'Y' | 'N'; page: number; perPage: number }) {
  const partnersOnly = f.treeOption !== 'Y';
  // direct children through parent_id, whose index knows how many a node has
  let kids = db.selectFrom('member as m').where('m.parent_id', '=', root.id);
  if (partnersOnly) kids = kids.where('m.partner_level', '<>', 'NORMAL');
  const [{ n }] = await kids.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await kids
    .select(['m.id', 'm.mem_id', 'm.mem_nick', 'm.partner_level'])
    .orderBy(levelSort)
    .orderBy('m.mem_id')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  const counts = await childCounts(
    db,
    rows.map((r) => r.id),
    partnersOnly,
  );
  const node = (r: { mem_id: string; mem_nick: string; partner_level: string }, cnt: number, children: TreeNode[], open: boolean): TreeNode => ({
    memId: r.mem_id,
    memNick: r.mem_nick,
    partnerLevel: r.partner_level,
    partnerLevelName: levelName(r.partner_level),
    cnt,
    children,
    open,
  });
  const children = rows.map((r) => node(r, counts.get(r.id) ?? 0, [], false));
  return {
    hierarchy: [node({ mem_id: root.memId, mem_nick: root.memNick, partner_level: root.partnerLevel }, Number(n), children, true)],
    pageInfo: { page: f.page, count_per_list: f.perPage, tatal_list_count: Number(n) },
  };
}

/** Direct children per member (partners only unless members are asked for too). */
export async function childCounts(db: Db, ids: number[], partnersOnly: boolean): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  let q = db
    .selectFrom('member as m')
    .select(['m.parent_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.parent_id', 'in', ids)
    .groupBy('m.parent_id');
  if (partnersOnly) q = q.where('m.partner_level', '<>', 'NORMAL');
  return new Map((await q.execute()).map((r) => [r.parent_id!, Number(r.n)]));
}

export interface TopUser {
  recommenderId: string;
  partnerLevel: string;
  partnerLevelName: string;
}

/**
 * The uppers of each member that the viewer may see: ancestors inside the viewer's own subtree
 * (the viewer included), so nobody learns who sits above them. Nearest first.
 */
export async function topUsers(db: Db, viewerId: number | null, ids: number[]): Promise<Map<number, TopUser[]>> {
  const out = new Map<number, TopUser[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  // the operator (viewer null) sees every upper; a partner those at or below itself
  const rows = await db
    .selectFrom('member_path as p')
    .$if(viewerId != null, (q) => q.innerJoin('member_path as v', (j) => j.onRef('v.descendant_id', '=', 'p.ancestor_id').on('v.ancestor_id', '=', viewerId!)))
    .innerJoin('member as a', 'a.id', 'p.ancestor_id')
    .select(['p.descendant_id', 'a.mem_id', 'a.partner_level'])
    .where('p.descendant_id', 'in', ids)
    .where('p.depth', '>', 0)
    .orderBy('p.descendant_id')
    .orderBy('p.depth')
    .execute();
  for (const r of rows) {
    out.get(r.descendant_id)!.push({ recommenderId: r.mem_id, partnerLevel: r.partner_level, partnerLevelName: levelName(r.partner_level) });
  }
  return out;
}

/** The level a new lower partner of `parent` gets, or null when the parent may not have partner children. */
export function nextPartnerLevel(parent: Pick<MemberRef, 'partnerLevel' | 'loginType'>): string | null {
  if (parent.loginType !== 'PARTNER') return null;
  const order = levelOrder(parent.partnerLevel);
  // PTN_5 has members only (seed §6); PTN_7 is the last partner level
  if (order === 5 || order >= 7) return null;
  return `PTN_${order + 1}`;
}
