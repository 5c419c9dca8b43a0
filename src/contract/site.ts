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
  /** The sealed-body handshake: the app's ephemeral P-256 public key in, the server's and the key id out (raw points, base64url). Never sealed itself. */
  sealKey: call('/api/common/key', z.object({ pub: z.string().regex(/^[A-Za-z0-9_-]{87}$/) }), z.object({ keyId: z.string(), pub: z.string(), ttlSec: z.number() }), 'site'),
  banner: call('/api/etc/banner', empty, banners, 'site'),
  popupList: call('/api/etc/popupList', empty, banners, 'site'),
  mainPopupList: call('/api/main/popupList', empty, banners, 'site'),
};

const checkWindow = z.object({ startDate: wireDate.nullable(), endDate: wireDate.nullable(), inCheck: z.boolean() });
const eventPct = z.coerce
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.round(v * 100) === v * 100, 'at most 2 decimals');
const depositEvents = z.object({ signupFirstPct: eventPct, dailyFirstPct: eventPct, everyPct: eventPct });
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
  siteState: call(
    '/api/admin/site/state',
    empty,
    checkWindow.extend({ lockBetYn: yn, inAmtYn: yn, outAmtYn: yn, adminOtpYn: yn, sealYn: yn }).extend(depositEvents.shape),
    'admin',
  ),
  /**
   * Deposit point events, percent of an approved deposit (0 = off, up to 2 decimals): sign-up first
   * deposit (point type 5), daily first deposit (6), every deposit (7). Either may be left out.
   */
  depositEvents: call('/api/admin/site/depositEvents', depositEvents.partial(), depositEvents, 'admin'),
  /** Site-wide deposit (inAmtYn) and withdrawal (outAmtYn) switches: N answers C001 / C201. Either may be left out. */
  cashSwitch: call('/api/admin/site/cashSwitch', z.object({ inAmtYn: yn.optional(), outAmtYn: yn.optional() }), z.object({ inAmtYn: yn, outAmtYn: yn }), 'admin'),
  /** Sealed bodies for every call of the site (docs/encrypted-bodies.md). */
  sealBodies: call('/api/admin/site/sealBodies', z.object({ sealYn: yn }), z.object({ sealYn: yn }), 'admin'),
  /** Ends every open session of the member (end_reason forced) and pushes LOGOUT. */
  forceLogout: call('/api/admin/member/forceLogout', z.object({ memId: z.string().min(1).max(40) }), z.object({ ended: z.number() }), 'admin'),
};
