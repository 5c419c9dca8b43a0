/** Tells receivers of new coupons: a message in their inbox, the COUPON and MSG live events, a push. */
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { notify } from '../push/send.js';
import { issueReceivers, openCoupons } from './coupons.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock' | 'config'>;

export async function couponsArrived(ctx: Ctx, siteId: string, senderId: number, issueIdx: number, amount: number, perMember: number) {
  const ids = await issueReceivers(ctx.db, issueIdx);
  if (!ids.length) return;
  const shown = amount.toLocaleString('en-US');
  const title = `${shown}원 쿠폰 ${perMember}장이 도착했습니다`;
  const description = `<p>쿠폰함에서 ${shown}원 쿠폰 ${perMember}장을 사용할 수 있습니다.</p>`;
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('message')
    .columns(['site_id', 'receiver_id', 'sender_id', 'title', 'description', 'send_date'])
    .expression(
      sql`select distinct ${siteId}::text, member_id, ${senderId}::bigint, ${title}::text, ${description}::text, ${now}::timestamptz from coupon where issue_move = ${issueIdx}::bigint`,
    )
    .execute();
  const [open, unread] = await Promise.all([
    openCoupons(ctx.db, ids),
    ctx.db
      .selectFrom('message')
      .select(['receiver_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('receiver_id', 'in', ids)
      .where('status', '=', 'Y')
      .where('msg_status', '=', 'N')
      .groupBy('receiver_id')
      .execute(),
  ]);
  const unreadOf = new Map(unread.map((u) => [u.receiver_id, Number(u.n)]));
  for (const o of open) {
    ctx.live.publish({ siteId, memId: o.mem_id }, { type: 'COUPON', data1: Number(o.n), data2: amount });
    ctx.live.publish({ siteId, memId: o.mem_id }, { type: 'MSG', data1: unreadOf.get(o.id) ?? 0, data2: null });
  }
  notify(ctx, ids, { kind: 'coupon', path: 'coupon', values: { amount: shown } });
}
