import { memberCalls } from '../../contract/member.js';
import { balances, extendSession, memberInfoAndUnread, sessionTimes, updateAccount } from '../domain/auth/account.js';
import { challengeNeeded, login } from '../domain/auth/auth.js';
import { endSessions } from '../domain/auth/sessions.js';
import { forgetSession } from '../domain/push/subscriptions.js';
import { issueCaptcha } from '../domain/auth/captcha.js';
import { newChallenge } from '../domain/auth/challenge.js';
import { idAvailable, nicknameAvailable, recommenderOfLink, signup } from '../domain/auth/signup.js';
import { signupOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';
import { reauthCalls } from '../../contract/reauth.js';
import { reauthenticate } from '../domain/auth/reauth.js';
import { toWire } from '../domain/common/time.js';
import { notifyChange, reauthEnv, reauthMember } from './securityChange.js';
import { loginEnv } from './loginEnv.js';

export const memberRoutes = [
  defineRoute(memberCalls.captcha, (_req, { db, site, clock, config }) => issueCaptcha(db, site.id, clock.now(), config.testCaptcha)),

  defineRoute(memberCalls.challenge, async (_req, { db, site }) => ({ challenge: await newChallenge(db, site.id) })),

  defineRoute(memberCalls.login, async (req, ctx) => {
    const { answer, setCookie } = await login(loginEnv(ctx), req);
    if (setCookie) ctx.setCookies?.push(setCookie);
    return answer;
  }),

  defineRoute(memberCalls.logout, async (_req, { db, live, sessions, site, caller, clock }) => {
    await endSessions(db, sessions, { sessionId: caller.sessionId }, clock.now(), 'logout');
    await forgetSession(db, caller.sessionId);
    // other tabs and the socket of this session sign out too
    live.publish({ siteId: site.id, memId: caller.memId, sessionId: caller.sessionId }, { type: 'LOGOUT' });
    return null;
  }),

  defineRoute(memberCalls.info, async (_req, { db, site, caller, clock, infoCache }) => {
    const now = clock.now();
    return { ...(await infoCache.get(site.id, caller.memId, () => memberInfoAndUnread(db, caller.id, now))), ...sessionTimes(caller.expiresAt, now) };
  }),

  defineRoute(memberCalls.getToken, (_req, { db, sessions, caller, token, clock, config }) =>
    extendSession(db, sessions, caller.sessionId, token!, clock.now(), config.sessionMaxHours),
  ),

  defineRoute(memberCalls.userCash, (_req, { db, caller }) => balances(db, caller.id)),

  defineRoute(memberCalls.signup, async (req, { db, site, proved }) => {
    if (!proved) throw await challengeNeeded(db, site.id);
    return signup(db, site.id, req, { ...signupOptions(site), siteName: site.name });
  }),

  defineRoute(memberCalls.recommender, (req, { db, site }) => recommenderOfLink(db, site.id, req.recommenderId, signupOptions(site))),

  defineRoute(memberCalls.checkId, (req, { db, site }) => idAvailable(db, site.id, req.memId)),

  defineRoute(memberCalls.checkNickname, (req, { db, site }) => nicknameAvailable(db, site.id, req.memNick, site.name)),

  defineRoute(memberCalls.update, async (req, ctx) => {
    await notifyChange(ctx, await updateAccount(reauthEnv(ctx), reauthMember(ctx), req));
    return null;
  }),

  defineRoute(reauthCalls.reauth, async (req, ctx) => ({ until: toWire(await reauthenticate(reauthEnv(ctx), reauthMember(ctx), req.memPass)) })),
];
