import { partnerCalls as c } from '../../contract/partner.js';
import { approveRequest, listRequests, rejectRequest } from '../domain/partner/partnerRequests.js';
import { notifyOperators } from '../domain/site/operatorHome.js';
import { partnerRequestDecided } from '../domain/push/events.js';
import { defineRoute } from '../handler.js';

/** The operator's lower-partner requests: list, approve, reject. */
export const partnerAdminRoutes = [
  defineRoute(c.requestList, (req, ctx) => listRequests(ctx.db, ctx.site.id, { status: req.status, page: req.page, perPage: req.count_per_list })),
  defineRoute(c.approveRequest, async (req, ctx) => {
    const r = await approveRequest(ctx.db, ctx.site.id, ctx.caller.id, req.reqIdx, ctx.clock.now());
    notifyOperators(ctx, ctx.site.id, 'partnerRequests');
    partnerRequestDecided(ctx, ctx.site.id, req.reqIdx);
    return r;
  }),
  defineRoute(c.rejectRequest, async (req, ctx) => {
    await rejectRequest(ctx.db, ctx.site.id, ctx.caller.id, req.reqIdx, req.memo, ctx.clock.now());
    notifyOperators(ctx, ctx.site.id, 'partnerRequests');
    partnerRequestDecided(ctx, ctx.site.id, req.reqIdx);
    return null;
  }),
];
