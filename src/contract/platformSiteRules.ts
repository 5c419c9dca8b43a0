/**
 * The rules of opening a site, for the console (checked before it sends) and the server (which
 * answers the same codes). No zod here: the app bundles this module as it is.
 */
import type { ResultCode } from './codes.js';
import type { Language } from './enums.js';
import { isReservedPrefix } from './reservedPrefixes.js';

/** What the open form's rules read. */
export interface SiteFields {
  prefix: string;
  name: string;
  languages: readonly Language[];
  defaultLanguage: Language;
  cashDecimal: number;
  depositMin?: number;
  depositMax?: number;
  withdrawMin?: number;
  quickAmounts: readonly number[];
  depositAccounts: readonly { bank: string; accountNo: string; holder: string }[];
  sns: readonly { name: string; id: string; link: string }[];
  checkStart: string | null;
  checkEnd: string | null;
}

/** Lower-case letters and digits, 2 to 20 (PF020), not a reserved path (PF021). A taken one is the server's PF022. */
export function prefixError(v: string): ResultCode | null {
  if (!/^[a-z0-9]{2,20}$/.test(v)) return 'PF020';
  if (isReservedPrefix(v)) return 'PF021';
  return null;
}

/** What `cashDecimal` may be: the display multiplier of the site's smallest unit. */
export const cashDecimals = [1, 10, 100, 1000] as const;

/** What the settings edit reads: the open form's fields that may change after opening. */
export type SettingsFields = Pick<SiteFields, 'languages' | 'defaultLanguage' | 'depositMin' | 'depositMax' | 'withdrawMin' | 'quickAmounts' | 'depositAccounts' | 'sns'>;

function languagesError(f: SettingsFields): ResultCode | null {
  if (!f.languages.length || !f.languages.includes(f.defaultLanguage) || new Set(f.languages).size !== f.languages.length) return 'PF024';
  return null;
}

function moneyError(f: SettingsFields): ResultCode | null {
  const { depositMin: min, depositMax: max, withdrawMin: out } = f;
  if (!min || !max || !out || min > max || f.quickAmounts.some((q) => q > max)) return 'PF026';
  if (f.depositAccounts.some((a) => !a.accountNo || !/^[0-9-]{4,30}$/.test(a.accountNo) || !a.holder)) return 'PF027';
  if (f.sns.some((s) => (s.name || s.id || s.link) && (!s.name || (s.link && !/^https:\/\/[^\s<>"]+$/.test(s.link))))) return 'PF028';
  return null;
}

/** The settings edit's check: the same codes the open form gives for the same fields. */
export const siteSettingsError = (f: SettingsFields): ResultCode | null => languagesError(f) ?? moneyError(f);

/** Each field's own check, before anything is sent or written: the first refusal's code. */
export function openSiteError(f: SiteFields): ResultCode | null {
  const prefix = prefixError(f.prefix);
  if (prefix) return prefix;
  const name = f.name.trim();
  if (!name || [...name].length > 40 || /[\u0000-\u001f<>]/.test(name)) return 'BR004';
  const languages = languagesError(f);
  if (languages) return languages;
  if (!(cashDecimals as readonly number[]).includes(f.cashDecimal)) return 'PF025';
  const money = moneyError(f);
  if (money) return money;
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

/** The invitation link's path: the token rides in the fragment, so no request line or log holds it. */
export const invitePath = (prefix: string, token: string) => `/${prefix}/admin/invite#${token}`;
