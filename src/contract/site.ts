import { z } from 'zod';
import { call, empty, page, pageInfo, wireDate, yn } from './define.js';

export const bannerRow = z.object({
  bannerIdx: z.number(),
  kind: z.enum(['popup', 'banner']),
  title: z.string(),
  /** safe HTML */
  content: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  startDate: wireDate.nullable(),
  endDate: wireDate.nullable(),
  useYn: yn,
  ord: z.number(),
});
const banners = z.object({ list: z.array(bannerRow) });

/** Popups and banners the app shows now (active, inside their window). */
export const siteCalls = {
  banner: call('/api/etc/banner', empty, banners, 'site'),
  popupList: call('/api/etc/popupList', empty, banners, 'site'),
  mainPopupList: call('/api/main/popupList', empty, banners, 'site'),
};

const checkWindow = z.object({ startDate: wireDate.nullable(), endDate: wireDate.nullable(), inCheck: z.boolean() });
const maybeDate = z.preprocess((v) => (v === '' ? null : v), wireDate.nullable().optional());

export const adminSiteCalls = {
  bannerList: call('/api/admin/banner/list', z.object({ page, kind: z.enum(['popup', 'banner']).optional() }), z.object({ list: z.array(bannerRow), pageInfo }), 'admin'),
  bannerSave: call(
    '/api/admin/banner/save',
    z.object({
      bannerIdx: z.coerce.number().int().positive().optional(),
      delYn: yn.optional(),
      kind: z.enum(['popup', 'banner']).optional(),
      title: z.string().max(200).optional(),
      content: z.string().max(100_000).optional(),
      imageUrl: z.string().max(2_000).nullable().optional(),
      linkUrl: z.string().max(2_000).nullable().optional(),
      startDate: maybeDate,
      endDate: maybeDate,
      useYn: yn.optional(),
      ord: z.coerce.number().int().min(0).max(9999).optional(),
    }),
    z.object({ bannerIdx: z.number() }),
    'admin',
  ),
  /** Both empty or null clears the window. Pushes INSPECT Y to everyone online when the window is active now. */
  siteCheck: call('/api/admin/site/check', z.object({ startDate: maybeDate, endDate: maybeDate }), checkWindow, 'admin'),
  /** Site-wide bet lock; pushes LOCK_BET_YN (data1 lock Y/N, data2 betting allowed Y/N). */
  lockBet: call('/api/admin/site/lockBet', z.object({ lockBetYn: yn }), z.object({ lockBetYn: yn }), 'admin'),
  siteState: call('/api/admin/site/state', empty, checkWindow.extend({ lockBetYn: yn }), 'admin'),
  /** Ends every open session of the member (end_reason forced) and pushes LOGOUT. */
  forceLogout: call('/api/admin/member/forceLogout', z.object({ memId: z.string().min(1).max(40) }), z.object({ ended: z.number() }), 'admin'),
};
