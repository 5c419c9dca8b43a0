import { sql } from 'kysely';
import type { z } from 'zod';
import { ApiError, fail } from '../../../contract/codes.js';
import type { messageRow, sendTargets } from '../../../contract/message.js';
import type { Deps } from '../deps.js';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../../db/driver.js';
import { plainTitle } from './board.js';
import { inSubtree } from '../auth/members.js';
import { containsPattern, pageInfoOf, pageWindow } from '../common/paging.js';
import { richTextToHtml } from './sanitize.js';
import { toWire } from '../common/time.js';
import { keptMessageIds } from './retention.js';
import { unreadCounts } from './unread.js';
import { notify } from '../push/send.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock' | 'config'>;
type Search = { page: number; searchOption: 't' | 'c' | 'tc'; searchValue?: string };
type MessageRow = z.infer<typeof messageRow>;

/** Members who receive messages: players and partners, never the operator or the house. */
const receiverTypes = ['NORMAL', 'PARTNER', 'P_NORMAL'];

function messageQuery(db: Db, siteId: string, s: Search) {
  let q = db.selectFrom('message as g').innerJoin('member as m', 'm.id', 'g.receiver_id').where('g.site_id', '=', siteId);
  const v = s.searchValue?.trim();
  if (v) {
    const pat = containsPattern(v);
    q = q.where((eb) =>
      s.searchOption === 'c'
        ? eb('g.description', 'ilike', pat)
        : s.searchOption === 'tc'
          ? eb.or([eb('g.title', 'ilike', pat), eb('g.description', 'ilike', pat)])
          : eb('g.title', 'ilike', pat),
    );
  }
  return q;
}

async function page(q: ReturnType<typeof messageQuery>, pageNo: number) {
  const { limit, offset } = pageWindow(pageNo);
  const [rows, total] = await Promise.all([
    q
      .select(['g.id', 'g.title', 'g.description', 'g.msg_status', 'g.status', 'g.notice_yn', 'g.send_date', 'g.read_date', 'm.mem_id'])
      .orderBy('g.send_date', 'desc')
      .orderBy('g.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: MessageRow[] = rows.map((r) => ({
    msgIdx: r.id,
    recieveId: r.mem_id,
    msgTitle: r.title,
    msgDesc: r.description,
    msgStatus: r.msg_status,
    status: r.status,
    noticeYn: r.notice_yn,
    sendDate: toWire(r.send_date),
    readDate: r.read_date ? toWire(r.read_date) : null,
  }));
  return { list, pageInfo: pageInfoOf(pageNo, Number(total.n)) };
}

/** The caller's inbox: its own messages not deleted and still kept (30 days, 100), newest first, with the unread count. */
export async function inbox({ db, clock }: Ctx, siteId: string, caller: Caller, s: Search) {
  const now = clock.now();
  const q = messageQuery(db, siteId, s)
    .where('g.receiver_id', '=', caller.id)
    .where('g.status', '=', 'Y')
    .where('g.id', 'in', keptMessageIds(db, caller.id, now));
  const [p, counts] = await Promise.all([page(q, s.page), unreadCounts(db, caller.id, now)]);
  return { ...p, idxList: p.list.map((r) => r.msgIdx), newMsg: counts.newMsg };
}

async function pushMsgCount(ctx: Ctx, siteId: string, memberId: number, memId: string) {
  const { newMsg } = await unreadCounts(ctx.db, memberId, ctx.clock.now());
  ctx.live.publish({ siteId, memId }, { type: 'MSG', data1: newMsg, data2: null });
  return newMsg;
}

const ownOnly = (caller: Caller, recieveId?: string) => {
  if (recieveId && recieveId !== caller.memId) fail('A001');
};

/**
 * Deletes (status N) or marks read (status R) some of the caller's messages. Every id must be
 * the caller's own and present (else A001); deleting an unread one answers M002. Either way
 * nothing changes on a refusal.
 */
export async function updateMessages(ctx: Ctx, siteId: string, caller: Caller, req: { msgIdx?: number; msgIdxList?: number[]; recieveId?: string; status: 'N' | 'R' }) {
  ownOnly(caller, req.recieveId);
  const ids = [...new Set(req.msgIdxList ?? (req.msgIdx ? [req.msgIdx] : []))];
  if (!ids.length) throw new ApiError('V001', 'msgIdx: required');
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('message')
      .select(['id', 'msg_status'])
      .where('site_id', '=', siteId)
      .where('receiver_id', '=', caller.id)
      .where('status', '=', 'Y')
      .where('id', 'in', ids)
      .where('id', 'in', keptMessageIds(trx, caller.id, now))
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) fail('A001');
    if (req.status === 'N') {
      if (rows.some((r) => r.msg_status === 'N')) fail('M002');
      await trx.updateTable('message').set({ status: 'N' }).where('id', 'in', ids).execute();
      return ids.length;
    }
    const r = await trx.updateTable('message').set({ msg_status: 'Y', read_date: now }).where('id', 'in', ids).where('msg_status', '=', 'N').execute();
    return Number(r[0]?.numUpdatedRows ?? 0);
  });
  const newMsg = req.status === 'R' ? await pushMsgCount(ctx, siteId, caller.id, caller.memId) : (await unreadCounts(ctx.db, caller.id)).newMsg;
  return { updated, newMsg };
}

/** Marks one message read (opening its detail), or all of the caller's messages when no id is given. */
export async function readMessages(ctx: Ctx, siteId: string, caller: Caller, req: { msgIdx?: number; recieveId?: string }) {
  ownOnly(caller, req.recieveId);
  let q = ctx.db
    .updateTable('message')
    .set({ msg_status: 'Y', read_date: ctx.clock.now() })
    .where('site_id', '=', siteId)
    .where('receiver_id', '=', caller.id)
    .where('status', '=', 'Y')
    .where('msg_status', '=', 'N')
    .where('id', 'in', keptMessageIds(ctx.db, caller.id, ctx.clock.now()));
  if (req.msgIdx) {
    const own = await ctx.db
      .selectFrom('message')
      .select('id')
      .where('id', '=', req.msgIdx)
      .where('site_id', '=', siteId)
      .where('receiver_id', '=', caller.id)
      .where('status', '=', 'Y')
      .where('id', 'in', keptMessageIds(ctx.db, caller.id, ctx.clock.now()))
      .executeTakeFirst();
    if (!own) fail('A001');
    q = q.where('id', '=', req.msgIdx);
  }
  const r = await q.executeTakeFirst();
  const updated = Number(r.numUpdatedRows);
  const newMsg = updated ? await pushMsgCount(ctx, siteId, caller.id, caller.memId) : (await unreadCounts(ctx.db, caller.id)).newMsg;
  return { updated, newMsg };
}

/** Partner detail, notes tab: every message a member of the caller's subtree received. */
export async function memberMessageLog({ db }: Ctx, siteId: string, caller: Caller, memId: string, pageNo: number) {
  const target = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!target || !(await inSubtree(db, caller.id, target.id))) fail('A002');
  const p = await page(messageQuery(db, siteId, { page: pageNo, searchOption: 't' }).where('g.receiver_id', '=', target.id), pageNo);
  return {
    msgLog: p.list.map((r) => ({
      msgIdx: r.msgIdx,
      msgTitle: r.msgTitle,
      msgContents: r.msgDesc,
      msgStatus: r.msgStatus === 'Y' ? ('READ' as const) : ('UNREAD' as const),
      sendDate: r.sendDate,
    })),
    pageInfo: p.pageInfo,
  };
}

type Target = (typeof sendTargets)[number];

/** Member ids a message goes to, as a subquery. */
async function audience(db: Db, siteId: string, target: Target, memId?: string) {
  const base = db.selectFrom('member').select('member.id').where('member.site_id', '=', siteId).where('member.login_type', 'in', receiverTypes);
  if (target === 'all') return base;
  if (!memId) throw new ApiError('V001', 'memId: required');
  const m = await db
    .selectFrom('member')
    .select(['id', 'login_type'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId)
    .where('login_type', 'in', receiverTypes)
    .executeTakeFirst();
  if (!m) fail('U001');
  if (target === 'member') return base.where('member.id', '=', m.id);
  return base.where((eb) => eb('member.id', 'in', eb.selectFrom('member_path').select('descendant_id').where('ancestor_id', '=', m.id)));
}

/**
 * The operator sends a message to one member, a partner and its whole subtree, or everyone; each
 * receiver gets MSG with its own unread count.
 */
export async function sendMessage(ctx: Ctx, siteId: string, caller: Caller, req: { target: Target; memId?: string; msgTitle: string; msgDesc: string }) {
  const { db } = ctx;
  const title = plainTitle(req.msgTitle).slice(0, 200);
  if (!title) throw new ApiError('V001', 'msgTitle: required');
  const description = richTextToHtml(req.msgDesc);
  const who = await audience(db, siteId, req.target, req.memId);
  const now = ctx.clock.now();
  const sent = await db
    .insertInto('message')
    .columns(['site_id', 'receiver_id', 'sender_id', 'title', 'description', 'notice_yn', 'send_date'])
    .expression((eb) =>
      eb
        .selectFrom(who.as('w'))
        .select((s) => [
          sql<string>`${siteId}::text`.as('site_id'),
          s.ref('w.id').as('receiver_id'),
          sql<number>`${caller.id}::bigint`.as('sender_id'),
          sql<string>`${title}::text`.as('title'),
          sql<string>`${description}::text`.as('description'),
          sql<'Y' | 'N'>`${req.target === 'member' ? 'N' : 'Y'}::char(1)`.as('notice_yn'),
          sql<Date>`${now}::timestamptz`.as('send_date'),
        ]),
    )
    .executeTakeFirst();
  const counts = await db
    .selectFrom('member as m')
    .leftJoin('message as g', (j) => j.onRef('g.receiver_id', '=', 'm.id').on('g.status', '=', 'Y').on('g.msg_status', '=', 'N'))
    .select(['m.id', 'm.mem_id', (eb) => eb.fn.count<number>('g.id').as('n')])
    .where('m.id', 'in', who)
    .groupBy(['m.id', 'm.mem_id'])
    .execute();
  for (const c of counts) ctx.live.publish({ siteId, memId: c.mem_id }, { type: 'MSG', data1: Number(c.n), data2: null });
  notify(
    ctx,
    counts.map((c) => c.id),
    { kind: 'message', path: 'msg' },
  );
  return { sent: Number(sent.numInsertedOrUpdatedRows ?? 0) };
}

/** What the operator has sent, newest first. */
export async function sentMessages({ db }: Ctx, siteId: string, s: Search & { memId?: string }) {
  let q = messageQuery(db, siteId, s);
  if (s.memId) q = q.where('m.mem_id', '=', s.memId);
  return page(q, s.page);
}
