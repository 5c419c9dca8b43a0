/**
 * Rolling (point) and losing rates: per category and per vendor rate type. A member's rates are
 * changed by its recommender (direct parent) or the operator, within bounds: at most the parent's
 * rate, at least the highest rate among the member's own direct children (R002), not again within
 * a day of the recommender's last change (R001); every change is kept.
 */
import { z } from 'zod';
import { call, page, pageInfo, wireDate } from './define.js';

const s = z.string();
const n = z.number();
const optText = z
  .union([z.string().max(200), z.number()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null ? undefined : String(v).trim() || undefined));
const perPage = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
/** Rates travel as text or numbers. */
const rateValue = z.union([z.string().max(10), z.number()]);
const rateList = z
  .array(z.object({ category: s.optional(), cateCode: s.optional(), pointRate: rateValue, loseRate: rateValue }))
  .min(1)
  .max(10)
  .transform((l) => l.map((r) => ({ category: r.category ?? r.cateCode ?? '', pointRate: r.pointRate, loseRate: r.loseRate })));
const saveReq = z.object({ memId: optText, rateList });
const multiSaveReq = z.object({
  memId: optText,
  vendorCode: optText,
  rateList: z
    .array(z.object({ rateType: s, pointRate: rateValue, loseRate: rateValue }))
    .min(1)
    .max(20),
});
const saved = z.object({ changed: z.array(s) });

export const rateInfoRow = z.object({ memId: s, category: s, cateCode: s, gameCategoryName: s, pointRate: n, loseRate: n });
const bounds = { minPointRate: n, maxPointRate: n, minLoseRate: n, maxLoseRate: n };
export const rollingRow = z.object({
  category: s,
  cateCode: s,
  cateCodeName: s,
  detailSetYn: z.enum(['Y', 'N']),
  pointRate: n,
  loseRate: n,
  ...bounds,
  lockedUntil: wireDate.nullable(),
});
export const multipleRate = z.object({
  vendorCode: s,
  rateList: z.array(z.object({ rateType: s, rateTypeName: s, pointRate: n, loseRate: n, ...bounds })),
});
/** Category rates of one member flattened: casinoPR, casinoLR, casinoPRMax, casinoPRMin, casinoLRMax, casinoLRMin, hcasinoPR ... */
export const categoryRate = z.record(z.string(), z.union([z.number(), z.string()]));

export const rateCalls = {
  /** A member's category rates (the caller's own by default; players may ask for their own). */
  rateInfo: call('/api/retail/rateInfo', z.object({ memId: optText }), z.object({ rateInfo: z.array(rateInfoRow), rateInfoList: z.array(rateInfoRow) })),
  /** The rate modal. */
  rateInfoList: call('/api/retail/rateInfoList', z.object({ memId: optText }), z.object({ rateInfoList: z.array(rateInfoRow) }), 'partner'),
  /** The detail screen's rate tab: rates with their bounds; detailSetYn Y where per-vendor rates exist. */
  detailRateInfo: call('/api/v2/retail/detail/rateInfo', z.object({ memId: optText }), z.object({ memRollingInfo: z.array(rollingRow) }), 'partnerOrAdmin'),
  /** By the member's recommender, or the operator (no day lock); bounds hold for both. */
  saveRates: call('/api/v2/retail/rateInfo/save', saveReq, saved, 'partnerOrAdmin'),
  updateRate: call('/api/retail/updateRate', saveReq, saved, 'partner'),
  newUpdateRate: call('/api/retail/newUpdateRate', saveReq, saved, 'partner'),
  multipleRateInfo: call('/api/v2/retail/multipleRateInfo', z.object({ memId: optText, vendorCode: optText }), z.object({ multipleRateInfo: multipleRate }), 'partner'),
  /** Per-vendor rates: PTN_1 partners and the operator only. */
  saveMultipleRates: call('/api/v2/retail/multipleRateInfo/save', multiSaveReq, saved, 'partner'),
  updateMultipleRate: call('/api/retail/updateMultipleRate', multiSaveReq, saved, 'partner'),
  /** The caller's (or memId's) category rates and its direct children's, flattened per category. */
  botMemRate: call(
    '/api/retail/botMemRate',
    z.object({ memId: optText, page, count_per_list: perPage(40) }),
    z.object({
      myCategoryRate: categoryRate,
      botCategoryRateList: z.array(categoryRate),
      pageInfo,
    }),
    'partner',
  ),
  /** The rate page (partnerRate, tab 11): own rates and direct children with theirs and their bounds. */
  bottomRateList: call(
    '/api/retail/bottomRateList',
    z.object({ searchMemId: optText, page, count_per_list: perPage(40) }),
    z.object({
      myRateInfo: z.array(rollingRow),
      botttomRateList: z.array(z.object({ memId: s, memNick: s, partnerLevel: s, partnerLevelName: s, botRateInfo: z.array(rollingRow) })),
      pageInfo,
    }),
    'partner',
  ),
  /** Every rate change of a member (newest first). */
  rateChangeLog: call(
    '/api/v2/retail/rateChangeLog',
    z.object({ memId: optText, page }),
    z.object({
      list: z.array(
        z.object({ category: s, vendorCode: s, rateType: s, beforePointRate: n, beforeLoseRate: n, afterPointRate: n, afterLoseRate: n, changedBy: s, regDate: wireDate }),
      ),
      pageInfo,
    }),
    'partner',
  ),
  /** The operator sets anyone's rates (no lock; bounds still hold). */
  adminSaveRates: call('/api/admin/rateInfo/save', saveReq, saved, 'admin'),
};
