import { ApiError } from '../../contract/codes.js';
import { isPartnerLogin } from '../../contract/enums.js';
import { adminTwoFactorCalls, loginStepCalls, twoFactorCalls } from '../../contract/twoFactor.js';
import type { AuthedContext, RequestContext } from '../context.js';
import { enrolConfirmAtLogin, enrolSetupAtLogin, loginWithCode } from '../domain/auth/loginSecondStep.js';
import { confirmEnrolment, removeTwoFactor, startEnrolment, twoFactorOn, twoFactorState } from '../domain/auth/twoFactor.js';
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
    if (me.loginType !== 'ADMIN' || (await twoFactorOn(ctx.db, me.id))) return { offer: false };
    const m = await ctx.db.selectFrom('member').select('otp_offer_later_at').where('id', '=', me.id).executeTakeFirstOrThrow();
    return { offer: m.otp_offer_later_at === null };
  }),
  defineRoute(twoFactorCalls.offerLater, async (_req, ctx) => {
    const me = staff(ctx);
    await ctx.db.updateTable('member').set({ otp_offer_later_at: ctx.clock.now() }).where('id', '=', me.id).where('otp_offer_later_at', 'is', null).execute();
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
    const m = await ctx.db.selectFrom('member').select(['id', 'mem_id', 'login_type']).where('site_id', '=', ctx.site.id).where('mem_id', '=', req.memId).executeTakeFirst();
    if (!m || m.login_type === 'HOUSE') throw new ApiError('U001');
    if (!(await twoFactorOn(ctx.db, m.id))) throw new ApiError('OT002');
    await removeTwoFactor(ctx.db, m.id);
    ctx.audit = { target: `memId=${m.mem_id}`, before: { otpYn: 'Y' }, after: { otpYn: 'N' } };
    return { memId: m.mem_id, otpYn: 'N' as const };
  }),
  defineRoute(adminTwoFactorCalls.adminOtp, async (req, ctx) => {
    const out = await setAdminTwoFactor(ctx.db, ctx.site.id, req.adminOtpYn);
    await ctx.sites.changed(ctx.site.id);
    return out;
  }),
];
