/** The rate screens' lists: a partner's direct children and a member's rate history, paged through the one `paged`. */
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { paged } from '../common/paging.js';
import { toWire } from '../common/time.js';
import type { MemberRef } from './hierarchy.js';

/** One page of a member's direct children (one of them when `search` names it), by level then id. */
export function childrenPage(db: Db, root: MemberRef, search: string | undefined, at: { page: number; size: number }) {
  let q = db.selectFrom('member').where('parent_id', '=', root.id);
  if (search) q = q.where('mem_id', '=', search);
  return paged(
    at,
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) => q.select(['id', 'mem_id', 'mem_nick', 'partner_level', 'parent_id']).orderBy('partner_level').orderBy('mem_id').limit(w.limit).offset(w.offset).execute(),
    (r) => r,
  );
}

/** One page (of ten) of a member's rate changes, newest first. */
export function rateChanges(db: Db, memberId: number, page: number) {
  const q = db.selectFrom('rate_change as r').innerJoin('member as by', 'by.id', 'r.changed_by').leftJoin('vendor as v', 'v.id', 'r.vendor_id').where('r.member_id', '=', memberId);
  return paged(
    { page, size: 10 },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) =>
      q
        .select(['r.category', 'v.code', 'r.rate_type', 'r.before_point', 'r.before_lose', 'r.after_point', 'r.after_lose', 'by.mem_id', 'r.created_at'])
        .orderBy('r.id', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
      category: r.category,
      vendorCode: r.code ?? '',
      rateType: r.rate_type ?? '',
      beforePointRate: Number(r.before_point),
      beforeLoseRate: Number(r.before_lose),
      afterPointRate: Number(r.after_point),
      afterLoseRate: Number(r.after_lose),
      changedBy: r.mem_id,
      regDate: toWire(r.created_at),
    }),
  );
}

/** The member whose rates the operator sets: any partner, partner-member or player of the site (U001 when none). */
export async function rateTarget(db: Db, siteId: string, memId: string | undefined): Promise<Pick<MemberRef, 'id' | 'parentId'>> {
  const m = await db
    .selectFrom('member')
    .select(['id', 'parent_id'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId ?? '')
    .where('login_type', 'in', ['PARTNER', 'NORMAL', 'P_NORMAL'])
    .executeTakeFirst();
  if (!m) throw new ApiError('U001');
  return { id: m.id, parentId: m.parent_id };
}
