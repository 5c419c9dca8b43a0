import { sql } from 'kysely';
import type { z } from 'zod';
import { noticeCategories, type BoardType, type boardDetail, type boardListReq, type boardRow, type boardSaveReq } from '../../../contract/board.js';
import { ApiError, fail } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../../db/driver.js';
import { containsPattern, pageInfoOf, pageWindow } from '../common/paging.js';
import { plainTextToHtml, richTextToHtml } from './sanitize.js';
import { toWire } from '../common/time.js';
import { unreadCounts } from './unread.js';
import { notify } from '../push/send.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock' | 'config'>;
type ListReq = z.output<typeof boardListReq> & { status?: 'ANSWER' | 'WAIT' };
type Row = z.infer<typeof boardRow>;
type Detail = z.infer<typeof boardDetail>;

const NEW_NOTICE_MS = 24 * 3600_000;
const isAdmin = (c: Caller) => c.loginType === 'ADMIN';

/** Titles are plain text everywhere: tags and angle brackets removed, whitespace folded. */
export const plainTitle = (s: string) =>
  s
    .replace(/<[^>]*>?/g, '')
    .replace(/[<>\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function required(field: string, v: string | undefined, clean: (s: string) => string = (s) => s.trim()): string {
  const out = clean(v ?? '');
  if (!out) throw new ApiError('V001', `${field}: required`);
  return out;
}

function baseQuery(db: Db, siteId: string, type: BoardType, now: Date) {
  return db
    .selectFrom('board_post as p')
    .innerJoin('member as m', 'm.id', 'p.member_id')
    .where('p.site_id', '=', siteId)
    .where('p.board_type', '=', type)
    .where('p.del_yn', '=', 'N')
    .select([
      'p.id',
      'p.board_type',
      'p.category',
      'p.faq_type',
      'p.title',
      'p.status',
      'p.is_read_admin',
      'p.reg_date',
      'p.del_yn',
      'p.member_id',
      'm.mem_id',
      'm.mem_name',
      'm.mem_nick',
    ])
    .select((eb) =>
      type === 'faq'
        ? eb.exists(eb.selectFrom('board_comment as c').select('c.id').whereRef('c.post_id', '=', 'p.id').where('c.read_yn', '=', 'N')).as('is_new')
        : sql<boolean>`${sql.ref('p.reg_date')} > ${new Date(now.getTime() - NEW_NOTICE_MS)}`.as('is_new'),
    );
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toRow = (r: BaseRow): Row => ({
  boardIdx: r.id,
  boardType: r.board_type,
  category: r.category,
  faqType: r.faq_type,
  title: r.title,
  status: r.status,
  isReadAdmin: r.is_read_admin,
  regDate: toWire(r.reg_date),
  memId: r.mem_id,
  memName: r.mem_name ?? r.mem_nick,
  delYn: r.del_yn,
  newYn: r.is_new ? 'Y' : 'N',
});

/**
 * A page of posts. Members see only their own inquiries; notices and general posts are the
 * whole site's. The operator sees every inquiry and may filter by author and status.
 */
export async function listPosts({ db, clock }: Ctx, siteId: string, caller: Caller, type: BoardType, req: ListReq) {
  let q = baseQuery(db, siteId, type, clock.now());
  if (type === 'faq' && !isAdmin(caller)) {
    if (req.memId && req.memId !== caller.memId) fail('A001');
    q = q.where('p.member_id', '=', caller.id);
  } else if (req.memId) {
    q = q.where('m.mem_id', '=', req.memId);
  }
  if (req.category) q = q.where('p.category', '=', req.category);
  if (req.status) q = q.where('p.status', '=', req.status);
  const v = req.searchValue?.trim();
  if (v) {
    const pat = containsPattern(v);
    q = q.where((eb) =>
      req.searchOption === 'c'
        ? eb('p.content', 'ilike', pat)
        : req.searchOption === 'tc'
          ? eb.or([eb('p.title', 'ilike', pat), eb('p.content', 'ilike', pat)])
          : eb('p.title', 'ilike', pat),
    );
  }
  const { limit, offset } = pageWindow(req.page);
  const [rows, total] = await Promise.all([
    q.orderBy('p.reg_date', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const list = rows.map(toRow);
  return { list, idxList: list.map((r) => r.boardIdx), pageInfo: pageInfoOf(req.page, Number(total.n)) };
}

/**
 * One post with its replies. A member opening its own answered inquiry marks the replies read
 * and gets ANSWER_CMT with the new count; the operator opening an inquiry marks it read by admin.
 * Another member's inquiry, or one that does not exist, answers A001.
 */
export async function postDetail(ctx: Ctx, siteId: string, caller: Caller, type: BoardType, boardIdx: number): Promise<Detail> {
  const { db } = ctx;
  const r = await baseQuery(db, siteId, type, ctx.clock.now()).select('p.content').where('p.id', '=', boardIdx).executeTakeFirst();
  if (!r) fail('A001');
  if (type === 'faq' && !isAdmin(caller) && r.member_id !== caller.id) fail('A001');
  const comments = await db
    .selectFrom('board_comment as c')
    .innerJoin('member as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.content', 'c.reg_date', 'm.mem_id', 'm.mem_name', 'm.mem_nick'])
    .where('c.post_id', '=', boardIdx)
    .orderBy('c.reg_date')
    .orderBy('c.id')
    .execute();
  if (type === 'faq' && isAdmin(caller) && r.is_read_admin === 'N') {
    await db.updateTable('board_post').set({ is_read_admin: 'Y' }).where('id', '=', boardIdx).execute();
  }
  if (type === 'faq' && r.member_id === caller.id && r.is_new) {
    await db.updateTable('board_comment').set({ read_yn: 'Y' }).where('post_id', '=', boardIdx).where('read_yn', '=', 'N').execute();
    await pushAnswerCount(ctx, siteId, caller.id, caller.memId);
  }
  return {
    ...toRow(r),
    content: r.content,
    commentList: comments.map((c) => ({
      cmtIdx: c.id,
      content: c.content,
      regDate: toWire(c.reg_date),
      regId: c.mem_id,
      memName: c.mem_name ?? c.mem_nick,
    })),
  };
}

async function pushAnswerCount(ctx: Ctx, siteId: string, memberId: number, memId: string, boardIdx: number | null = null) {
  const { newAnswer } = await unreadCounts(ctx.db, memberId);
  ctx.live.publish({ siteId, memId }, { type: 'ANSWER_CMT', data1: newAnswer, data2: boardIdx });
}

type SaveReq = z.output<typeof boardSaveReq>;

/**
 * A member's inquiry: write, edit while still waiting, or delete (delYn Y, one or several; all
 * must be the caller's own, else A001 and nothing changes). Content is plain text, stored escaped.
 * Notices and general posts go to the operator's save.
 */
export async function saveInquiry(ctx: Ctx, siteId: string, caller: Caller, type: BoardType, req: SaveReq) {
  if (type !== 'faq') {
    if (!isAdmin(caller)) fail('A001');
    return { boardIdx: (await saveNotice(ctx, siteId, caller, type, req)).boardIdx, deleted: req.delYn === 'Y' ? 1 : 0 };
  }
  if (req.memId && req.memId !== caller.memId) fail('A001');
  const { db } = ctx;
  if (req.delYn === 'Y') {
    const ids = [...new Set(req.boardIdxList ?? (req.boardIdx ? [req.boardIdx] : []))];
    if (!ids.length) throw new ApiError('V001', 'boardIdx: required');
    const deleted = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('board_post')
        .set({ del_yn: 'Y', upd_date: ctx.clock.now() })
        .where('site_id', '=', siteId)
        .where('board_type', '=', 'faq')
        .where('member_id', '=', caller.id)
        .where('del_yn', '=', 'N')
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      if (rows.length !== ids.length) fail('A001'); // rolls the whole batch back
      return rows.length;
    });
    await pushAnswerCount(ctx, siteId, caller.id, caller.memId);
    return { boardIdx: req.boardIdx ?? null, deleted };
  }
  const title = required('title', req.title, plainTitle).slice(0, 200);
  const content = plainTextToHtml(required('content', req.content));
  if (req.boardIdx) {
    const row = await db
      .selectFrom('board_post')
      .select(['status'])
      .where('id', '=', req.boardIdx)
      .where('site_id', '=', siteId)
      .where('board_type', '=', 'faq')
      .where('member_id', '=', caller.id)
      .where('del_yn', '=', 'N')
      .executeTakeFirst();
    if (!row) fail('A001');
    if (row.status !== 'WAIT') fail('T999');
    await db
      .updateTable('board_post')
      .set({ title, content, faq_type: req.faqType ?? 'etc', upd_date: ctx.clock.now() })
      .where('id', '=', req.boardIdx)
      .where('status', '=', 'WAIT')
      .execute();
    return { boardIdx: req.boardIdx, deleted: 0 };
  }
  const { id } = await db
    .insertInto('board_post')
    .values({
      site_id: siteId,
      board_type: 'faq',
      category: (req.category ?? '').slice(0, 20),
      faq_type: req.faqType ?? 'etc',
      title,
      content,
      member_id: caller.id,
      reg_date: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { boardIdx: id, deleted: 0 };
}

/** The operator's notices and general posts: HTML content sanitised before it is stored. */
export async function saveNotice(
  ctx: Ctx,
  siteId: string,
  caller: Caller,
  type: 'nt' | 'normal',
  req: { boardIdx?: number; delYn?: 'Y' | 'N'; category?: string; title?: string; content?: string },
) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const scoped = (id: number) => db.updateTable('board_post').where('id', '=', id).where('site_id', '=', siteId).where('board_type', '=', type).where('del_yn', '=', 'N');
  if (req.delYn === 'Y') {
    if (!req.boardIdx) throw new ApiError('V001', 'boardIdx: required');
    const r = await scoped(req.boardIdx).set({ del_yn: 'Y', upd_date: now }).returning('id').executeTakeFirst();
    if (!r) fail('A001');
    return { boardIdx: r.id };
  }
  const title = required('title', req.title, plainTitle).slice(0, 200);
  const content = richTextToHtml(required('content', req.content));
  const category = req.category ?? 'normal';
  if (!(noticeCategories as readonly string[]).includes(category)) throw new ApiError('V001', `category: one of ${noticeCategories.join(', ')}`);
  if (req.boardIdx) {
    const r = await scoped(req.boardIdx).set({ title, content, category, upd_date: now }).returning('id').executeTakeFirst();
    if (!r) fail('A001');
    return { boardIdx: r.id };
  }
  const { id } = await db
    .insertInto('board_post')
    .values({ site_id: siteId, board_type: type, category, title, content, member_id: caller.id, reg_date: now, status: 'ANSWER' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { boardIdx: id };
}

/** The operator's reply: the inquiry turns ANSWER and its author is told the unread-answer count. */
export async function saveComment(ctx: Ctx, siteId: string, caller: Caller, boardIdx: number, text: string) {
  const content = richTextToHtml(required('content', text));
  const now = ctx.clock.now();
  const out = await ctx.db.transaction().execute(async (trx) => {
    const post = await trx
      .updateTable('board_post as p')
      .set({ status: 'ANSWER', is_read_admin: 'Y', upd_date: now })
      .from('member as m')
      .whereRef('m.id', '=', 'p.member_id')
      .where('p.id', '=', boardIdx)
      .where('p.site_id', '=', siteId)
      .where('p.board_type', '=', 'faq')
      .where('p.del_yn', '=', 'N')
      .returning(['p.member_id', 'm.mem_id'])
      .executeTakeFirst();
    if (!post) fail('A001');
    const { id } = await trx
      .insertInto('board_comment')
      .values({ site_id: siteId, post_id: boardIdx, member_id: caller.id, content, reg_date: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { cmtIdx: id, author: post };
  });
  await pushAnswerCount(ctx, siteId, out.author.member_id, out.author.mem_id, boardIdx);
  notify(ctx, [out.author.member_id], { kind: 'answer', path: `qnaread/${boardIdx}` });
  return { cmtIdx: out.cmtIdx, boardIdx, status: 'ANSWER' as const };
}

/** The dashboard's latest notices. */
export async function latestNotices({ db }: Ctx, siteId: string, limit = 10) {
  const rows = await db
    .selectFrom('board_post')
    .select(['id', 'title', 'reg_date', 'category'])
    .where('site_id', '=', siteId)
    .where('board_type', '=', 'nt')
    .where('del_yn', '=', 'N')
    .orderBy('reg_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { boardList: rows.map((r) => ({ boardIdx: r.id, title: r.title, regDate: toWire(r.reg_date), category: r.category })) };
}
