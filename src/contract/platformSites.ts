/**
 * Opening a site from the platform console, its first operator's one-time invitation, and its
 * brand: the calls. The field rules are in platformSiteRules (no zod, so the app bundles them).
 */
import { z } from 'zod';
import { amount, call, ok, wireDate } from './define.js';
import { languages } from './enums.js';

export const depositAccount = z.object({
  bank: z.string().trim().min(1).max(20),
  accountNo: z.string().trim().max(30),
  holder: z.string().trim().max(30),
});
export type DepositAccount = z.infer<typeof depositAccount>;

const snsLink = z.object({ name: z.string().trim().max(20), id: z.string().trim().max(60), link: z.string().trim().max(300) });
export type SnsLink = z.infer<typeof snsLink>;

export const openSiteForm = z.object({
  prefix: z.string().trim().max(40),
  name: z.string().max(100),
  languages: z.array(z.enum(languages)).max(languages.length),
  defaultLanguage: z.enum(languages),
  cashDecimal: z.number().int(),
  /** `own`: the site's own vendor service; `union`: the union server */
  vendorMode: z.enum(['own', 'union']),
  vendors: z.array(z.string().max(40)).max(40),
  depositAccounts: z.array(depositAccount).max(5),
  depositMin: amount,
  depositMax: amount,
  withdrawMin: amount,
  quickAmounts: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(8),
  sns: z.array(snsLink).max(3),
  /** a maintenance window (Korea time), both or neither */
  checkStart: wireDate.nullable(),
  checkEnd: wireDate.nullable(),
});
export type OpenSiteForm = z.input<typeof openSiteForm>;

/** The open form's part that may change after opening (the money unit stays: amounts are stored in the smallest unit). */
export const siteSettingsForm = openSiteForm.pick({
  prefix: true,
  languages: true,
  defaultLanguage: true,
  depositAccounts: true,
  depositMin: true,
  depositMax: true,
  withdrawMin: true,
  quickAmounts: true,
  sns: true,
});
export type SiteSettingsForm = z.input<typeof siteSettingsForm>;
/** A site's settings as they are now, with its fixed money unit. */
export const siteSettings = siteSettingsForm.omit({ prefix: true }).extend({ cashDecimal: z.number().int() });
export type SiteSettings = z.infer<typeof siteSettings>;

const invitation = z.object({
  /** the one-time token: shown once, kept by the server only as its hash */
  token: z.string(),
  expiresAt: wireDate,
});

const inviteToken = z.string().min(20).max(100);

/** A logo as sent: the file's bytes in base64 (PNG or SVG, at most 1 MB before encoding). */
export const logoBase64 = z.string().max(1_500_000);

export const platformSiteCalls = {
  /** The game vendors a site can take, for the open form. */
  catalog: call('/api/platform/catalog', z.object({}), z.object({ vendors: z.array(z.object({ code: z.string(), name: z.string(), category: z.string() })) }), 'public'),
  /** Opens a site in one transaction and answers its first operator's invitation. */
  openSite: call('/api/platform/sites/open', openSiteForm, z.object({ siteId: z.string(), prefix: z.string(), invite: invitation }), 'public'),
  /** A fresh invitation for a site's first operator (every earlier unused one stops working). */
  invite: call(
    '/api/platform/sites/invite',
    z.object({ prefix: z.string().max(40) }),
    /** `operators`: the site's operator accounts already made (the link makes one more) */
    z.object({ invite: invitation, operators: z.number().int() }),
    'public',
  ),
  /** The site's brand: name, short name, theme colour, and a logo (left out: the one it has). */
  brand: call(
    '/api/platform/sites/brand',
    z.object({ prefix: z.string().max(40), name: z.string().max(100), shortName: z.string().max(40), themeColor: z.string().max(20), logo: logoBase64.optional() }),
    z.object({ version: z.string() }),
    'public',
  ),
  /** The site's settings after opening: the open form's codes for the same fields (PF024, PF026-PF028), nothing changed on a refusal. */
  settings: call('/api/platform/sites/settings', siteSettingsForm, ok, 'public'),
  /** Whether an invitation can still be taken, and for which site (no session: the link is the key). */
  inviteCheck: call('/api/platform/invite/check', z.object({ prefix: z.string().max(40), token: inviteToken }), z.object({ siteName: z.string() }), 'public'),
  /** The invited operator chooses an id (the site's member rule) and a password under the platform's rule (PF004); the link is spent. */
  inviteAccept: call(
    '/api/platform/invite/accept',
    z.object({ prefix: z.string().max(40), token: inviteToken, memId: z.string().trim().max(40), password: z.string().max(200), passwordCheck: z.string().max(200) }),
    ok,
    'public',
  ),
};
