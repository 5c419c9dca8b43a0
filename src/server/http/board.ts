import { adminBoardCalls, boardCalls, boardTypes } from '../../contract/board.js';
import { latestNotices, listPosts, postDetail, saveComment, saveInquiry, saveNotice } from '../domain/board/board.js';
import { notifyOperators } from '../domain/site/operatorHome.js';
import { defineRoute } from '../handler.js';

export const boardRoutes = [
  ...boardTypes.flatMap((t) => [
    defineRoute(boardCalls.list[t], (req, ctx) => listPosts(ctx, ctx.site.id, ctx.caller, t, req)),
    defineRoute(boardCalls.datail[t], (req, ctx) => postDetail(ctx, ctx.site.id, ctx.caller, t, req.boardIdx).then((board) => ({ board }))),
    defineRoute(boardCalls.save[t], async (req, ctx) => {
      const r = await saveInquiry(ctx, ctx.site.id, ctx.caller, t, req);
      if (t === 'faq') notifyOperators(ctx, ctx.site.id, 'qna');
      return r;
    }),
    defineRoute(adminBoardCalls.list[t], (req, ctx) => listPosts(ctx, ctx.site.id, ctx.caller, t, req)),
    defineRoute(adminBoardCalls.datail[t], (req, ctx) => postDetail(ctx, ctx.site.id, ctx.caller, t, req.boardIdx).then((board) => ({ board }))),
  ]),
  ...(['nt', 'normal'] as const).map((t) => defineRoute(adminBoardCalls.save[t], (req, ctx) => saveNotice(ctx, ctx.site.id, ctx.caller, t, req))),
  defineRoute(boardCalls.cmtSave, async (req, ctx) => {
    const r = await saveComment(ctx, ctx.site.id, ctx.caller, req.boardIdx, req.content);
    notifyOperators(ctx, ctx.site.id, 'qna');
    return r;
  }),
  defineRoute(boardCalls.mainNotices, (_req, ctx) => latestNotices(ctx, ctx.site.id)),
];
