import { adminSiteCalls, siteCalls } from '../../contract/site.js';
import { activeBanners, listBanners, saveBanner } from '../domain/board/banners.js';
import { forceLogout, setBetLock, setCheckWindow, siteState } from '../domain/site/siteOps.js';
import { cashSwitch, setCashSwitch, setDepositEvents } from '../domain/site/moneySettings.js';
import { adminTwoFactorRequired } from '../domain/site/twoFactorSetting.js';
import { setSealBodies } from '../domain/site/sealSetting.js';
import { defineRoute } from '../handler.js';
import type { HttpParts } from './httpContext.js';
import { KEY_IDLE_MS } from './sealKeys.js';
import { ApiError } from '../../contract/codes.js';

export const siteRoutes = [
  defineRoute<typeof siteCalls.sealKey, HttpParts>(siteCalls.sealKey, async ({ pub }, { site, sealKeys }) => {
    const agreed = await sealKeys.agree(site.id, pub).catch(() => {
      throw new ApiError('V001', 'pub: not a P-256 public key');
    });
    return { ...agreed, ttlSec: KEY_IDLE_MS / 1000 };
  }),
  defineRoute(siteCalls.banner, (_req, ctx) => activeBanners(ctx, ctx.site.id, 'banner')),
  defineRoute(siteCalls.popupList, (_req, ctx) => activeBanners(ctx, ctx.site.id, 'popup')),
  defineRoute(siteCalls.mainPopupList, (_req, ctx) => activeBanners(ctx, ctx.site.id, 'popup')),
  defineRoute(adminSiteCalls.bannerList, (req, ctx) => listBanners(ctx, ctx.site.id, req.page, req.kind)),
  defineRoute(adminSiteCalls.bannerSave, (req, ctx) => saveBanner(ctx, ctx.site.id, req)),
  // every instance caches site rows (requests and the bet path): both drop them before anyone online is told
  defineRoute(adminSiteCalls.siteCheck, (req, ctx) => setCheckWindow(ctx, ctx.site.id, req)),
  defineRoute(adminSiteCalls.lockBet, (req, ctx) => setBetLock(ctx, ctx.site.id, req.lockBetYn)),
  defineRoute(adminSiteCalls.cashSwitch, async (req, ctx) => {
    const before = await cashSwitch(ctx.db, ctx.site.id);
    const out = await setCashSwitch(ctx.db, ctx.site.id, req);
    await ctx.sites.changed(ctx.site.id);
    ctx.audit = { before, after: out };
    return out;
  }),
  defineRoute(adminSiteCalls.depositEvents, async (req, ctx) => {
    const out = await setDepositEvents(ctx.db, ctx.site.id, req);
    await ctx.sites.changed(ctx.site.id);
    return out;
  }),
  defineRoute(adminSiteCalls.siteState, async (_req, ctx) => ({
    ...(await siteState(ctx, ctx.site.id)),
    adminOtpYn: (await adminTwoFactorRequired(ctx.db, ctx.site.id)) ? ('Y' as const) : ('N' as const),
    sealYn: ctx.site.seal_yn,
  })),
  defineRoute(adminSiteCalls.sealBodies, async (req, ctx) => {
    const before = { sealYn: ctx.site.seal_yn };
    const after = await setSealBodies(ctx.db, ctx.site.id, req.sealYn);
    await ctx.sites.changed(ctx.site.id);
    ctx.audit = { before, after };
    return after;
  }),
  defineRoute(adminSiteCalls.forceLogout, (req, ctx) => forceLogout(ctx, ctx.site.id, req.memId)),
];
