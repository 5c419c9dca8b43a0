/**
 * Opening a site from the platform console, its first operator's one-time invitation, and its
 * brand. The field rules live here so the console checks them before it sends and the server
 * answers the same codes.
 */
import { z } from 'zod';
import { amount, call, ok, wireDate } from './define.js';
import { languages } from './enums.js';
import type { ResultCode } from './codes.js';

/**
 * Top-level paths the server or the app serves: never a site's prefix (the database refuses them
 * too, constraint site_prefix_reserved).
 */
export const reservedPrefixes = ['admin', 'api', 'ws', 'assets', 'icons', 'media', 'metrics', 'platform'] as const;

/** Lower-case letters and digits, 2 to 20 (PF020), not a reserved path (PF021). A taken one is the server's PF022. */
export function prefixError(v: string): ResultCode | null {
  if (!/^[a-z0-9]{2,20}$/.test(v)) return 'PF020';
  if ((reservedPrefixes as readonly string[]).includes(v)) return 'PF021';
  return null;
}

/** What `cashDecimal` may be: the display multiplier of the site's smallest unit. */
export const cashDecimals = [1, 10, 100, 1000] as const;

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

/** Each field's own check, before anything is sent or written: the first refusal's code. */
export function openSiteError(
  f: Pick<
    z.output<typeof openSiteForm>,
    | 'languages'
    | 'defaultLanguage'
    | 'cashDecimal'
    | 'depositMin'
    | 'depositMax'
    | 'withdrawMin'
    | 'quickAmounts'
    | 'depositAccounts'
    | 'sns'
    | 'checkStart'
    | 'checkEnd'
    | 'name'
    | 'prefix'
  >,
): ResultCode | null {
  const prefix = prefixError(f.prefix);
  if (prefix) return prefix;
  const name = f.name.trim();
  if (!name || [...name].length > 40 || /[\u0000-\u001f<>]/.test(name)) return 'BR004';
  if (!f.languages.length || !f.languages.includes(f.defaultLanguage) || new Set(f.languages).size !== f.languages.length) return 'PF024';
  if (!(cashDecimals as readonly number[]).includes(f.cashDecimal)) return 'PF025';
  const { depositMin: min, depositMax: max, withdrawMin: out } = f;
  if (!min || !max || !out || min > max || f.quickAmounts.some((q) => q > max)) return 'PF026';
  if (f.depositAccounts.some((a) => !a.accountNo || !/^[0-9-]{4,30}$/.test(a.accountNo) || !a.holder)) return 'PF027';
  if (f.sns.some((s) => (s.name || s.id || s.link) && (!s.name || (s.link && !/^https:\/\/[^\s<>"]+$/.test(s.link))))) return 'PF028';
  if (!f.checkStart !== !f.checkEnd || (f.checkStart && f.checkEnd && f.checkStart >= f.checkEnd)) return 'PF029';
  return null;
}

/** Which form field each code belongs beside. */
export const openSiteFields = {
  PF020: 'prefix',
  PF021: 'prefix',
  PF022: 'prefix',
  BR004: 'name',
  PF024: 'languages',
  PF025: 'cashDecimal',
  PF026: 'limits',
  PF027: 'depositAccounts',
  PF028: 'sns',
  PF029: 'check',
  PF030: 'vendors',
  BR001: 'logo',
  BR002: 'logo',
  BR003: 'logo',
  BR005: 'themeColor',
} as const;

/** An invitation lives this long. */
export const INVITE_HOURS = 72;

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
  invite: call('/api/platform/sites/invite', z.object({ prefix: z.string().max(40) }), z.object({ invite: invitation }), 'public'),
  /** The site's brand: name, short name, theme colour, and a logo (left out: the one it has). */
  brand: call(
    '/api/platform/sites/brand',
    z.object({ prefix: z.string().max(40), name: z.string().max(100), shortName: z.string().max(40), themeColor: z.string().max(20), logo: logoBase64.optional() }),
    z.object({ version: z.string() }),
    'public',
  ),
  /** Whether an invitation can still be taken, and for which site (no session: the link is the key). */
  inviteCheck: call('/api/platform/invite/check', z.object({ prefix: z.string().max(40), token: inviteToken }), z.object({ siteName: z.string() }), 'public'),
  /** The invited operator chooses an id and password (the site's member rules); the link is spent. */
  inviteAccept: call(
    '/api/platform/invite/accept',
    z.object({ prefix: z.string().max(40), token: inviteToken, memId: z.string().trim().max(40), password: z.string().max(200), passwordCheck: z.string().max(200) }),
    ok,
    'public',
  ),
};

/** The invitation link's path: the token rides in the fragment, so no request line or log holds it. */
export const invitePath = (prefix: string, token: string) => `/${prefix}/admin/invite#${token}`;
