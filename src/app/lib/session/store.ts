import { proxy } from 'valtio';
import type { SiteInfo } from '../../../contract/common';
import type { MemberInfo } from '../../../contract/member';
import type { Language } from '../../../contract/enums';
import { sessionStorageKey } from '../../../contract/earlyData';

export type Site = SiteInfo & { prefix: string };

export interface SessionState {
  site: Site | null;
  token: string | null;
  /** epoch ms, from the server's expiresIn so a wrong device clock does not matter */
  expiresAt: number | null;
  member: MemberInfo | null;
  msgInfo: { newMsg: number; newAnswer: number };
  language: Language;
  online: boolean;
  /** LOCK_BET_YN: games are down unless data1 is N and data2 is Y */
  gamesDown: boolean;
  /** COUPON: coupons arrived since the coupon box was last opened (its open count then) */
  newCoupons: number;
  /** epoch ms of the last balance the server confirmed: the time offline screens show */
  syncedAt: number | null;
}

export const session = proxy<SessionState>({
  site: null,
  token: null,
  expiresAt: null,
  member: null,
  msgInfo: { newMsg: 0, newAnswer: 0 },
  language: 'ko',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  gamesDown: false,
  newCoupons: 0,
  syncedAt: null,
});

type Saved = Pick<SessionState, 'token' | 'expiresAt' | 'member' | 'msgInfo' | 'syncedAt'>;
const savedKey = sessionStorageKey;

/** The token (and the last member data, for offline starts) is kept per site. */
export function saveSession() {
  if (!session.site) return;
  const saved: Saved = { token: session.token, expiresAt: session.expiresAt, member: session.member, msgInfo: session.msgInfo, syncedAt: session.syncedAt };
  if (session.token) localStorage.setItem(savedKey(session.site.prefix), JSON.stringify(saved));
  else localStorage.removeItem(savedKey(session.site.prefix));
}

function savedSession(prefix: string): Partial<Saved> {
  try {
    return JSON.parse(localStorage.getItem(savedKey(prefix)) ?? '{}') as Partial<Saved>;
  } catch {
    return {}; // a broken entry is treated as logged out
  }
}

export function loadSession(prefix: string) {
  const saved = savedSession(prefix);
  session.token = saved.token ?? null;
  session.expiresAt = saved.expiresAt ?? null;
  session.member = saved.token ? (saved.member ?? null) : null;
  session.msgInfo = saved.msgInfo ?? { newMsg: 0, newAnswer: 0 };
  session.syncedAt = saved.syncedAt ?? null;
}

/** Whether this site has a sign-in kept on this device (valid or not: the site's guard decides). */
export const hasSavedSession = (prefix: string) => !!savedSession(prefix).token;

/** The member of the sign-in this site keeps on this device (valid or not), or null. */
export function savedMemberId(prefix: string): string | null {
  const saved = savedSession(prefix);
  return (saved.token && saved.member?.memId) || null;
}

export const isLoggedIn = () => !!session.token && !!session.member;
