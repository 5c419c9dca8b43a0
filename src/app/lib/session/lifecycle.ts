import { t } from '@lingui/core/macro';
import type { ResOf } from '../../../contract/define';
import type { memberCalls } from '../../../contract/member';
import { alert } from '../dialogs';
import type { Clients } from '../routerContext';
import { isLoggedIn, loadSession, saveSession, session, type Site } from './store';
import type { SignOutReason } from './signOutReason';

export type { SignOutReason, Clients };
export interface SignedOut {
  reason: SignOutReason;
  prefix: string;
  loginType: string | null;
}

// the signed-in runtime (checks, token refresh, live channel) loads only once someone is signed in
let running: typeof import('./running') | null = null;
const runtime = async () => (running ??= await import('./running'));
const stop = () => running?.stop();
// the clients of the session at work, as the guard or the login that started it handed them
let clients: Clients | null = null;
const start = async (given: Clients) => {
  clients = { api: given.api, queryClient: given.queryClient };
  await (await runtime()).start(clients, signOut);
};

const listeners = new Set<(e: SignedOut) => void>();

/** The app shell decides where a signed-out user goes. */
export function onSignedOut(listener: (e: SignedOut) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the site guard: switches to the site's stored session and resumes it. */
export async function enterSite(given: Clients, site: Site): Promise<void> {
  if (session.site?.prefix === site.prefix) {
    session.site = site;
    return;
  }
  stop();
  session.site = site;
  loadSession(site.prefix);
  if (isLoggedIn()) await start(given);
}

export async function signIn(given: Clients, res: ResOf<typeof memberCalls.login>): Promise<void> {
  stop();
  session.token = res.token;
  session.expiresAt = Date.now() + res.expiresIn * 1000;
  session.member = res.member;
  session.msgInfo = res.msgInfo;
  session.syncedAt = Date.now();
  saveSession();
  await start(given);
}

let ending: Promise<void> | null = null;

/**
 * Ends the session on this device. Several paths can see the same end at once (the live LOGOUT
 * and the 5-second check both meet TK999): they share one sign-out, so the user sees one alert.
 */
export function signOut(reason: SignOutReason): Promise<void> {
  return (ending ??= end(reason).finally(() => (ending = null)));
}

async function end(reason: SignOutReason): Promise<void> {
  const { site, member } = session;
  if (!site || !session.token) return;
  if (reason === 'user') await (await runtime()).logout();
  // a signed-out device is sent nothing: its browser subscription goes too
  await (await runtime()).dropDeviceSubscription();
  stop();
  // the token goes first (nothing more is sent with it; a reload starts signed out), but the screen
  // keeps the member's name and balance while the alert says why the session ended
  session.token = null;
  session.expiresAt = null;
  saveSession();
  // not waited for: the alert below must come before anything else sees the session gone
  void import('../lastPaint').then((m) => m.dropLastPaint(site.prefix));
  const why = reasons[reason];
  if (why) await alert(why());
  session.member = null;
  session.msgInfo = { newMsg: 0, newAnswer: 0 };
  session.syncedAt = null;
  clients?.queryClient.removeQueries({ predicate: (q) => q.queryKey[1] === site.prefix && q.queryKey[2] === 'u' });
  if (member) await (await import('../persist')).dropPersist(site.prefix, member.memId);
  for (const l of listeners) l({ reason, prefix: site.prefix, loginType: member?.loginType ?? null });
}

/** What the user is told when the session ended without them asking (read when shown, in their language). */
const reasons: Partial<Record<SignOutReason, () => string>> = {
  elsewhere: () => t`다른 곳에서 같은 아이디로 로그인하여 로그아웃되었습니다.`,
  expired: () => t`세션이 만료되었습니다. 다시 로그인해 주세요.`,
  forced: () => t`로그아웃되었습니다.`,
};

if (typeof window !== 'undefined') {
  const setOnline = () => {
    session.online = navigator.onLine;
    if (session.online) void running?.check();
  };
  window.addEventListener('online', setOnline);
  window.addEventListener('offline', setOnline);
}
