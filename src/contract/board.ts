import { z } from 'zod';
import { call, empty, page, pageInfo, wireDate, yn } from './define.js';

export const boardTypes = ['faq', 'nt', 'normal'] as const;
export type BoardType = (typeof boardTypes)[number];
export const noticeCategories = ['normal', 'event', 'notice', 'rule'] as const;
export type NoticeCategory = (typeof noticeCategories)[number];
/** The Korean names the served code table carries beside a notice category; screens label by code. */
export const noticeCategoryNames = { normal: '일반', event: '이벤트', notice: '공지', rule: '규정' } satisfies Record<NoticeCategory, string>;
export const faqTypes = ['bankaccount', 'etc'] as const;
export const searchOptions = ['t', 'c', 'tc'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** A list or detail row. `content` is always safe HTML: sanitised (operator) or escaped with <br> (member). */
export const boardRow = z.object({
  boardIdx: z.number(),
  boardType: z.enum(boardTypes),
  category: z.string(),
  faqType: z.enum(faqTypes).nullable(),
  title: z.string(),
  status: z.enum(['ANSWER', 'WAIT']),
  isReadAdmin: yn,
  regDate: wireDate,
  memId: z.string(),
  memName: z.string(),
  delYn: yn,
  /** notices: posted within the last 24 hours; inquiries: an answer the author has not opened */
  newYn: yn,
});
export const boardComment = z.object({ cmtIdx: z.number(), content: z.string(), regDate: wireDate, regId: z.string(), memName: z.string() });
export const boardDetail = boardRow.extend({ content: z.string(), commentList: z.array(boardComment) });

export const boardListReq = z.object({
  page,
  category: z.string().max(20).optional(),
  memId: z.string().max(40).optional(),
  searchOption: z.enum(searchOptions).default('t'),
  searchValue: z.string().max(100).optional(),
});
export const boardListRes = z.object({ list: z.array(boardRow), idxList: z.array(z.number()), pageInfo });

export const boardSaveReq = z.object({
  boardIdx: z.coerce.number().int().positive().optional(),
  /** several own inquiries deleted at once (delYn Y): all or nothing */
  boardIdxList: z.array(z.coerce.number().int().positive()).max(100).optional(),
  delYn: yn.optional(),
  title: z.string().max(200).optional(),
  content: z.string().max(20_000).optional(),
  category: z.string().max(20).optional(),
  faqType: z.enum(faqTypes).optional(),
  memId: z.string().max(40).optional(),
  memName: z.string().max(40).optional(),
});

const detailReq = z.object({ boardIdx: z.coerce.number().int().positive() });

function perType<T, K extends BoardType = BoardType>(make: (t: K) => T, types: readonly K[] = boardTypes as readonly BoardType[] as readonly K[]) {
  return Object.fromEntries(types.map((t) => [t, make(t)])) as Record<K, T>;
}

export const boardCalls = {
  list: perType((t) => call(`/api/board/${t}/list`, boardListReq, boardListRes)),
  datail: perType((t) => call(`/api/board/${t}/datail`, detailReq, z.object({ board: boardDetail }))),
  /** Members write, edit (while WAIT) and delete their own inquiries (faq); nt and normal are the operator's. */
  save: perType((t) => call(`/api/board/${t}/save`, boardSaveReq, z.object({ boardIdx: z.number().nullable(), deleted: z.number() }))),
  /** The operator's reply: the inquiry becomes ANSWER and its author gets ANSWER_CMT with the unread-answer count. */
  cmtSave: call(
    '/api/board/cmtSave',
    z.object({ boardIdx: z.coerce.number().int().positive(), content: text(20_000), regId: z.string().optional(), memName: z.string().optional() }),
    z.object({ cmtIdx: z.number(), boardIdx: z.number(), status: z.literal('ANSWER') }),
    'admin',
  ),
  /** Dashboard notice list: the latest notices. */
  mainNotices: call('/api/main/nt/list', empty, z.object({ boardList: z.array(z.object({ boardIdx: z.number(), title: z.string(), regDate: wireDate, category: z.string() })) })),
};

const adminListReq = boardListReq.extend({ status: z.enum(['ANSWER', 'WAIT']).optional(), memId: z.string().max(40).optional() });

/** Operator screens under /$prefix/admin. */
export const adminBoardCalls = {
  /** Every member's inquiries (or notices); filter by status and author. */
  list: perType((t) => call(`/api/admin/board/${t}/list`, adminListReq, boardListRes, 'admin')),
  /** Opening an inquiry marks it read by the operator (isReadAdmin Y). */
  datail: perType((t) => call(`/api/admin/board/${t}/datail`, detailReq, z.object({ board: boardDetail }), 'admin')),
  /** Notices (nt) and general posts (normal): HTML content, sanitised before it is stored. */
  save: perType(
    (t) =>
      call(
        `/api/admin/board/${t}/save`,
        z.object({
          boardIdx: z.coerce.number().int().positive().optional(),
          delYn: yn.optional(),
          category: z.enum(noticeCategories).optional(),
          title: z.string().max(200).optional(),
          content: z.string().max(100_000).optional(),
        }),
        z.object({ boardIdx: z.number() }),
        'admin',
      ),
    ['nt', 'normal'] as const,
  ),
};
