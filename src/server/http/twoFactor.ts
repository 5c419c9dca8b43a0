import { ApiError } from '../../contract/codes.js';
import { isPartnerLogin } from '../../contract/enums.js';
import { adminTwoFactorCalls, loginStepCalls, twoFactorCalls } from '../../contract/twoFactor.js';
import type { AuthedContext, RequestContext } from '../context.js';
import { enrolConfirmAtLogin, enrolSetupAtLogin, loginWithCode } from '../domain/auth/loginSecondStep.js';
import { confirmEnrolment, putOffTwoFactorOffer, resetTwoFactor, startEnrolment, twoFactorOffered, twoFactorState } from '../domain/auth/twoFactor.js';
import { disableTwoFactor, startTwoFactor } from '../domain/auth/twoFactorAccount.js';
import { setAdminTwoFactor } from '../domain/site/twoFactorSetting.js';
import { loginEnv } from './loginEnv.js';
import { defineRoute } from '../handler.js';
import { notifyChange, reauthEnv, reauthMember } from './securityChange.js';

// turning two-factor on or off is a change of access: it goes to the audit log like the operator's reset

/** Two-factor is for the back office: partners and the operator. */
function staff(ctx: AuthedContext) {
  if (!isPartnerLogin(ctx.caller.loginType) && ctx.caller.loginType !== 'ADMIN') throw new ApiError('A001');
  return ctx.caller;
}

const withCookie = <T>(ctx: RequestContext, r: { answer: T; setCookie: string | null }) => {
  if (r.setCookie) ctx.setCookies?.push(r.setCookie);
  return r.answer;
};

export const twoFactorRoutes = [
  defineRoute(twoFactorCalls.state, (_req, ctx) => twoFactorState(ctx.db, staff(ctx).id)),
  defineRoute(twoFactorCalls.setup, (req, ctx) => {
    const me = staff(ctx);
    return startTwoFactor(reauthEnv(ctx), reauthMember(ctx), req.memPass, () => startEnrolment(ctx.db, { id: me.id, siteId: ctx.site.id, memId: me.memId }, ctx.site.name));
  }),
  defineRoute(twoFactorCalls.enable, async (req, ctx) => {
    const me = staff(ctx);
    const recoveryCodes = await confirmEnrolment(ctx.db, me.id, req.otpCode, ctx.clock.now());
    ctx.audit = { target: `memId=${me.memId}`, before: { otpYn: 'N' }, after: { otpYn: 'Y' } };
    await notifyChange(ctx, ['twoFactorOn']);
    return { recoveryCodes };
  }),
  defineRoute(twoFactorCalls.offer, async (_req, ctx) => {
    const me = staff(ctx);
    return { offer: me.loginType === 'ADMIN' && (await twoFactorOffered(ctx.db, me.id)) };
  }),
  defineRoute(twoFactorCalls.offerLater, async (_req, ctx) => {
    const me = staff(ctx);
    await putOffTwoFactorOffer(ctx.db, me.id, ctx.clock.now());
    return null;
  }),
  defineRoute(twoFactorCalls.disable, async (req, ctx) => {
    const me = staff(ctx);
    await disableTwoFactor(reauthEnv(ctx), reauthMember(ctx), req.memPass, req.otpCode);
    await notifyChange(ctx, ['twoFactorOff']);
    ctx.audit = { target: `memId=${me.memId}`, before: { otpYn: 'Y' }, after: { otpYn: 'N' } };
    return null;
  }),

  defineRoute(loginStepCalls.otp, async (req, ctx) => withCookie(ctx, await loginWithCode(loginEnv(ctx), req.ticket, req.otpCode))),
  defineRoute(loginStepCalls.otpSetup, (req, ctx) => enrolSetupAtLogin(loginEnv(ctx), req.ticket, ctx.site.name)),
  defineRoute(loginStepCalls.otpEnable, async (req, ctx) => withCookie(ctx, await enrolConfirmAtLogin(loginEnv(ctx), req.ticket, req.otpCode))),

  defineRoute(adminTwoFactorCalls.otpReset, async (req, ctx) => {
    const memId = await resetTwoFactor(ctx.db, ctx.site.id, req.memId);
    ctx.audit = { target: `memId=${memId}`, before: { otpYn: 'Y' }, after: { otpYn: 'N' } };
    return { memId, otpYn: 'N' as const };
  }),
  defineRoute(adminTwoFactorCalls.adminOtp, async (req, ctx) => {
    const out = await setAdminTwoFactor(ctx.db, ctx.site.id, req.adminOtpYn);
    await ctx.sites.changed(ctx.site.id);
    return out;
  }),
];
