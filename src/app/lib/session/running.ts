/** A signed-in session at work: the 5-second check, token refresh, the live channel and its events. */
import type { LiveEvent } from '../../../contract/enums';
import { memberCalls } from '../../../contract/member';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError, isOffline, type Api } from '../api';
import { siteKey, userKey } from '../queryClient';
import { saveSession, session } from './store';
import type { SignOutReason } from './signOutReason';
import { applyUserCash } from './userCash';
import { firstPaint } from '../firstPaint';
export { dropDeviceSubscription } from '../push';

const CHECK_MS = 5_000;
const REFRESH_WITHIN_MS = 5 * 60_000;
/** how long the first screen waits for the live channel before it reads member info without it */
const NO_CHANNEL_MS = 3_000;

let timer: ReturnType<typeof setInterval> | null = null;
let live: { close(): void } | null = null;
let channelOpened = false;
let checking = false;
// the session at work is handed its clients and the way to end it by the lifecycle that starts it
let api: Api;
let queryClient: QueryClient;
let signOut: (reason: SignOutReason) => Promise<void>;

export async function start(clients: { api: Api; queryClient: QueryClient }, end: (reason: SignOutReason) => Promise<void>) {
  ({ api, queryClient } = clients);
  signOut = end;
  const { site, member } = session;
  if (!site || !member) return;
  // the IndexedDB persister is only needed once someone is logged in
  await (await import('../persist')).bindPersist(queryClient, site.prefix, member.memId);
  void import('../lastPaint').then((m) => m.keepLastPaint(site.prefix, member.memId));
  const run = (timer = setInterval(() => void check(), CHECK_MS));
  // the stored session is enough for the first screen: its fresh copy and the live channel follow it.
  // The channel's opening reads member info (resync); a page whose channel cannot open reads it anyway.
  void firstPaint.then(() => {
    if (timer !== run) return;
    void connect();
    setTimeout(() => timer === run && !channelOpened && void refreshInfo(), NO_CHANNEL_MS);
  });
}

/** Ends the session on the server; the caller forgets it here whatever the answer. */
export const logout = () =>
  api?.(memberCalls.logout, {}).then(
    () => undefined,
    () => undefined,
  );

export function stop() {
  if (timer) clearInterval(timer);
  timer = null;
  live?.close();
  live = null;
  channelOpened = false;
}

/** The game page (the slot page of the spec), framed by the app's game view: the app around it does the signing out. */
const onGamePage = () => typeof location !== 'undefined' && /^\/[^/]+\/game\//.test(location.pathname);

/**
 * A TK answer means the session is over; anything else (offline included) leaves it alone. A
 * superseded session (TK999) on the game page only stops its checks: the app that frames it signs
 * out and closes it; the page opened by itself must not clear the shared stored session, which may
 * already hold a newer login of the same browser.
 */
async function endIfSessionGone(err: unknown): Promise<boolean> {
  if (isApiError(err, 'TK999') && onGamePage()) stop();
  else if (isApiError(err, 'TK999')) await signOut('elsewhere');
  else if (isApiError(err, 'TK001', 'TK002')) await signOut('expired');
  // the platform held the site: the next navigation asks the site again and shows why
  else if (isApiError(err, 'SS001', 'SS002') && session.site) void queryClient.invalidateQueries({ queryKey: siteKey(session.site.prefix, 'info') });
  else return false;
  return true;
}

async function refreshInfo() {
  try {
    const info = await api(memberCalls.info, {});
    session.member = info.member;
    session.msgInfo = info.msgInfo;
    session.expiresAt = Date.now() + info.expiresIn * 1000;
    session.syncedAt = Date.now();
    saveSession();
  } catch (err) {
    await endIfSessionGone(err);
  }
}

/** Token refresh when 5 minutes or fewer remain (or when forced). */
export async function refreshToken(force = false): Promise<void> {
  if (!session.token || !session.expiresAt) return;
  if (!force && session.expiresAt - Date.now() > REFRESH_WITHIN_MS) return;
  try {
    const res = await api(memberCalls.getToken, {});
    session.token = res.token;
    session.expiresAt = Date.now() + res.expiresIn * 1000;
    saveSession();
  } catch (err) {
    if (!isOffline(err) && !(await endIfSessionGone(err))) await signOut('expired');
  }
}

/** The 5-second check: token refresh, then the coin amount (which answers TK999 for a superseded session). */
export async function check() {
  if (checking || !session.online || !session.token) return;
  checking = true;
  try {
    await refreshToken();
    if (!session.token) return;
    applyUserCash(await api(memberCalls.userCash, {}));
  } catch (err) {
    await endIfSessionGone(err);
  } finally {
    checking = false;
  }
}

async function connect() {
  const token = session.token;
  if (!token) return;
  const { connectLive, liveUrl } = await import('../live/client');
  if (token !== session.token || live) return;
  live = connectLive({ url: liveUrl(), token, onEvent, onStatus: (s) => s === 'open' && resync() });
}

/**
 * Each time the channel (re)opens, what its events keep fresh is read again: an event sent before
 * the subscription (while the page loaded, or the network was away) is not replayed.
 */
function resync() {
  channelOpened = true;
  void refreshInfo();
  const { site, member } = session;
  if (site && member?.loginType === 'ADMIN') void import('../adminPending').then((m) => m.resyncAdminPending(queryClient, site.prefix, member.memId));
}

const num = (v: unknown) => Number(v ?? 0) || 0;

type Requests = { list?: { cashStatus: number }[] };

/**
 * A CASH push means money moved or a request was decided: every own money list reads again (the
 * screens showing one at once). While a request is open its first page is read even with no screen
 * on it, so the home card, the badges and the decision's message follow within a second.
 */
function followMoney() {
  const { site, member } = session;
  if (!site || !member) return;
  const cash = userKey(site.prefix, member.memId, 'cash');
  const requests = [...cash, 'requests'];
  const open = queryClient.getQueriesData<Requests>({ queryKey: requests }).some(([, d]) => d?.list?.some((r) => r.cashStatus === 0 || r.cashStatus === 2));
  void queryClient.invalidateQueries({ queryKey: cash });
  if (open) void queryClient.refetchQueries({ queryKey: requests, type: 'inactive' });
}

/** Live events update the store at once. */
function onEvent(e: LiveEvent) {
  switch (e.type) {
    case 'CASH':
      if (session.member) {
        session.member.cashAmt = num(e.data1);
        session.member.pointAmt = num(e.data2);
      }
      followMoney();
      break;
    case 'MSG':
      session.msgInfo.newMsg = num(e.data1);
      break;
    case 'ANSWER_CMT':
      session.msgInfo.newAnswer = num(e.data1);
      break;
    case 'INSPECT':
      if (session.site) void queryClient.invalidateQueries({ queryKey: siteKey(session.site.prefix, 'check') });
      // the operator stays signed in to end the maintenance it started
      if (e.data1 === 'Y' && session.member?.loginType !== 'ADMIN') void signOut('inspect');
      return;
    case 'LOGOUT':
      // a newer login elsewhere answers TK999 to the old token; otherwise the server ended the session
      void api(memberCalls.userCash, {}).then(
        () => signOut('forced'),
        async (err) => (await endIfSessionGone(err)) || signOut('forced'),
      );
      return;
    case 'COUPON':
      session.newCoupons = num(e.data1);
      if (session.site && session.member) void queryClient.invalidateQueries({ queryKey: userKey(session.site.prefix, session.member.memId, 'coupons') });
      return;
    case 'LOCK_BET_YN':
      session.gamesDown = !(e.data1 === 'N' && e.data2 === 'Y');
      return;
    case 'ADMIN_PENDING':
      // operator-only: loaded when the first one arrives, so players never download it
      if (session.site && session.member) {
        const [prefix, me] = [session.site.prefix, session.member.memId];
        void import('../adminPending').then((m) => m.applyAdminPending(queryClient, prefix, me, e));
      }
      return;
  }
  saveSession();
}
