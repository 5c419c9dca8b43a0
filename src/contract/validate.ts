/**
 * Field rules for signup and account edit, shared by the app (to warn before sending) and the
 * server (which re-checks and answers the same code). Pure functions: no I/O, no platform APIs.
 */
import type { ResultCode } from './codes.js';

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim().length > 0;
const chars = (v: string) => [...v].length;

/** Member id: 4 to 13 letters and digits, nothing else. */
export const isMemId = (v: string) => /^[A-Za-z0-9]{4,13}$/.test(v);
/** Password: 6 to 20 of letters, digits and !@#$%*. */
export const isPassword = (v: string) => /^[A-Za-z0-9!@#$%*]{6,20}$/.test(v);
/** A platform account's id: lower-case letters and digits, 4 to 20 (PF003). */
export const isPlatformId = (v: string) => /^[a-z0-9]{4,20}$/.test(v);
/**
 * 10 to 64 characters, any (PF004): the platform's password guards every site, and a site
 * operator's (who moves every player's money) is held to it too.
 */
export const isPlatformPassword = (v: string) => v.length >= 10 && v.length <= 64;
/** Withdrawal (cash-out) password: exactly 4 digits. */
export const isCashOutPass = (v: string) => /^[0-9]{4}$/.test(v);
/**
 * Nickname: 3 to 20 characters, no surrounding whitespace, and none of the invisible ones:
 * control and format characters (bidi overrides and isolates, zero-width spaces and joiners, the
 * BOM), line and paragraph separators, private-use and unassigned code points, lone surrogates;
 * no combining mark first or three in a row (stacked marks that hide what is written); letters
 * of one script, or of Latin with the CJK ones as Korean, Chinese and Japanese users mix them
 * (UTS #39's "highly restrictive"), so a Cyrillic 'о' cannot hide among Latin letters.
 */
export const isNickname = (v: string) =>
  v === v.trim() && chars(v) >= 3 && chars(v) <= 20 && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u.test(v) && !/^\p{M}|\p{M}{3,}/u.test(v) && !mixedScripts(v);

const scripts: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Lao', /\p{Script=Lao}/u],
  ['Khmer', /\p{Script=Khmer}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
];
const asian = new Set(['Latin', 'Hangul', 'Han', 'Hiragana', 'Katakana']);

/** Letters from more than one script, other than Latin mixed with the CJK scripts. */
export function mixedScripts(v: string): boolean {
  const seen = new Set<string>();
  for (const ch of v) {
    if (!/\p{L}/u.test(ch)) continue;
    seen.add(scripts.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return seen.size > 1 && ![...seen].every((x) => asian.has(x));
}
/** Nicknames are kept NFKC-normalised, so full-width and other compatibility look-alikes fold into one. */
export const normaliseNick = <T extends string | null | undefined>(v: T): T => (typeof v === 'string' ? (v.normalize('NFKC') as T) : v);
/** Phone: digits and hyphens only, starting and ending with a digit, 8 to 15 digits. */
export const isPhone = (v: string) => {
  if (!/^[0-9][0-9-]*[0-9]$/.test(v) || v.includes('--') || v.length > 20) return false;
  const digits = v.replace(/-/g, '').length;
  return digits >= 8 && digits <= 15;
};
/** Bank name: letters (any script) and inner spaces, at least 2 letters. */
export const isBankName = (v: string) => /^\p{L}[\p{L} ]*\p{L}$/u.test(v) && chars(v) <= 40;
/** Account holder: Hangul or Latin letters and inner spaces, up to 30 characters. */
export const isHolder = (v: string) => /^[\p{Script=Hangul}A-Za-z](?:[\p{Script=Hangul}A-Za-z ]*[\p{Script=Hangul}A-Za-z])?$/u.test(v) && chars(v) <= 30;
/** Bank account number: digits only, 6 to 20. */
export const isAccountNumber = (v: string) => /^[0-9]{6,20}$/.test(v);

export interface SignupFields {
  memId?: string | null;
  memPass?: string | null;
  memPassCheck?: string | null;
  memPhone?: string | null;
  memNick?: string | null;
  recommenderId?: string | null;
  /** account holder name */
  memName?: string | null;
  cashOutPass?: string | null;
  /** compared only when the form sends it */
  cashOutPassCheck?: string | null;
  bank?: string | null;
  bankacc?: string | null;
}

type Rule = () => ResultCode | null;
const firstFailure = (rules: Rule[]): ResultCode | null => {
  for (const rule of rules) {
    const code = rule();
    if (code) return code;
  }
  return null;
};

/**
 * Member signup in the product's field order, stopping at the first failure:
 * id, password confirmation, password, phone, nickname, recommender, holder, withdrawal
 * password, bank, account number. Returns the failing code or null.
 */
export function validateSignup(f: SignupFields): ResultCode | null {
  return firstFailure([
    () => (present(f.memId) && isMemId(f.memId) ? null : 'U101'),
    () => (present(f.memPassCheck) && f.memPassCheck === f.memPass ? null : 'U113'),
    () => (!present(f.memPass) ? 'U119' : isPassword(f.memPass) ? null : 'U102'),
    () => (present(f.memPhone) && isPhone(f.memPhone) ? null : 'U114'),
    () => (present(f.memNick) && isNickname(f.memNick) ? null : 'U105'),
    () => (present(f.recommenderId) ? null : 'U106'),
    () => (present(f.memName) && isHolder(f.memName) ? null : 'U116'),
    () => (present(f.cashOutPass) && isCashOutPass(f.cashOutPass) ? null : 'U103'),
    () => (f.cashOutPassCheck == null || f.cashOutPassCheck === f.cashOutPass ? null : 'U118'),
    () => (present(f.bank) && isBankName(f.bank) ? null : 'U115'),
    () => (present(f.bankacc) && isAccountNumber(f.bankacc) ? null : 'U117'),
  ]);
}

export interface AccountEditFields {
  memPass?: string | null;
  memPassCheck?: string | null;
  cashOutPass?: string | null;
  cashOutPassCheck?: string | null;
}

/**
 * Account edit in the product's order: password confirmation empty (U113), password empty (U119),
 * password format (U102), withdrawal confirmation empty then withdrawal password empty (U120),
 * withdrawal format (U103), passwords equal (U113), withdrawal passwords equal (U118).
 * A pair left wholly empty (password and its confirmation, or both withdrawal fields) means
 * "unchanged" and skips its checks; with both pairs empty nothing would change, so the first
 * rule answers (U113).
 */
export function validateAccountEdit(f: AccountEditFields): ResultCode | null {
  const { pass, out } = accountEditChanges(f);
  const none = !pass && !out;
  return firstFailure([
    () => ((!pass && !none) || present(f.memPassCheck) ? null : 'U113'),
    () => (!pass || present(f.memPass) ? null : 'U119'),
    () => (!pass || isPassword(f.memPass!) ? null : 'U102'),
    () => (!out || present(f.cashOutPassCheck) ? null : 'U120'),
    () => (!out || present(f.cashOutPass) ? null : 'U120'),
    () => (!out || isCashOutPass(f.cashOutPass!) ? null : 'U103'),
    () => (!pass || f.memPass === f.memPassCheck ? null : 'U113'),
    () => (!out || f.cashOutPass === f.cashOutPassCheck ? null : 'U118'),
  ]);
}

/** Which secrets an account edit changes: a pair with any field filled is a change. */
export function accountEditChanges(f: AccountEditFields) {
  return {
    pass: present(f.memPass) || present(f.memPassCheck),
    out: present(f.cashOutPass) || present(f.cashOutPassCheck),
  };
}
