import { z } from 'zod';
import { call, empty, wireDate } from './define.js';

export const siteInfo = z.object({
  siteId: z.string(),
  apiKey: z.string(),
  siteName: z.string(),
  vendor: z.string(),
  cashDecimal: z.number(),
  languages: z.array(z.enum(['ko', 'en', 'vn'])),
  /** Y: every other call's body travels sealed (`key` first); docs/encrypted-bodies.md */
  sealYn: z.enum(['Y', 'N']),
  /**
   * The site's brand: its short name and theme colour (`#rrggbb`); its logo is
   * `/{prefix}/icons/icon-192.png` and its language `languages[0]`, the default. Absent for a site
   * without a brand (the app's own colour and icons) and in a copy saved by an older app.
   */
  brand: z.object({ shortName: z.string(), themeColor: z.string() }).optional(),
});
export type SiteInfo = z.infer<typeof siteInfo>;

export const commonCalls = {
  /** Public: the app resolves its site from the URL prefix. */
  site: call('/api/common/site', z.object({ prefix: z.string().min(1).max(40) }), siteInfo, 'public'),
  siteCheckInfo: call(
    '/api/common/siteCheckInfo',
    empty,
    z.object({
      startDate: wireDate.nullable(),
      endDate: wireDate.nullable(),
      inCheck: z.boolean(),
      /** site-wide deposit / withdrawal switches: N while banned (C001 / C201) */
      inAmtYn: z.enum(['Y', 'N']),
      outAmtYn: z.enum(['Y', 'N']),
      /** inside the bank's nightly hours (contract/cash `bankHours`) on the server's clock: withdrawals answer C210 */
      bankClosed: z.boolean(),
    }),
    'site',
  ),
  siteOption: call(
    '/api/etc/siteOption',
    empty,
    z.object({
      cashDecimal: z.number(),
      sns1: z.string().optional(),
      sns1Id: z.string().optional(),
      sns1Link: z.string().optional(),
      sns2: z.string().optional(),
      sns2Id: z.string().optional(),
      sns2Link: z.string().optional(),
      sns3: z.string().optional(),
      sns3Id: z.string().optional(),
      sns3Link: z.string().optional(),
      depositMin: z.number(),
      depositMax: z.number(),
      depositUnit: z.number(),
      withdrawMin: z.number(),
      withdrawUnit: z.number(),
      withdrawWaitMinutes: z.number(),
    }),
    'site',
  ),
  code: call(
    '/api/common/code',
    z.object({ masterCode: z.string().optional(), groupCode: z.string().optional(), code: z.string().optional() }),
    z.object({
      data: z.object({
        codes: z.array(
          z.object({
            code: z.string(),
            codeName: z.string(),
            codeNameEN: z.string(),
            codeNameVN: z.string(),
            groupCode: z.string(),
            groupCodeNameEN: z.string(),
            ord: z.number(),
          }),
        ),
      }),
    }),
    'site',
  ),
  partnerLevels: call('/api/retail/partnerLevels', empty, z.object({ list: z.array(z.object({ code: z.string(), codeName: z.string(), order: z.number() })) }), 'site'),
  bank: call('/api/etc/bank', empty, z.object({ list: z.array(z.object({ bankCode: z.string(), bankNameKr: z.string(), bankNameEn: z.string() })) }), 'site'),
};
