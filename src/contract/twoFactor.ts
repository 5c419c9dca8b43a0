import { z } from 'zod';
import { call, empty, ok, yn } from './define.js';
import { loginAnswer } from './member.js';
import { curPassField } from './reauth.js';

const otpCode = z.string().trim().min(1).max(40);
const ticket = z.string().min(1).max(100);
const enrolment = z.object({
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth URL as a QR code, an SVG data URL */
  qrDataUrl: z.string(),
});
const recoveryCodes = z.array(z.string());

/** Two-factor sign-in (TOTP, RFC 6238) of partners and the operator, from the account screen. */
export const twoFactorCalls = {
  state: call('/api/member/otp/state', empty, z.object({ otpYn: yn, recoveryLeft: z.number().int() }), 'member'),
  /** Starts (or restarts) an enrolment: the secret is shown here only, never after it is confirmed. The password may be left out within a recent re-authentication. */
  setup: call('/api/member/otp/setup', z.object({ memPass: curPassField }), enrolment, 'member'),
  /** Confirms with a current code; answers ten single-use recovery codes, shown once. */
  enable: call('/api/member/otp/enable', z.object({ otpCode }), z.object({ recoveryCodes }), 'member'),
  /** Whether to offer two-factor after this sign-in: an operator without it who has not said "later" (`otpOfferLater`). */
  offer: call('/api/member/otp/offer', empty, z.object({ offer: z.boolean() }), 'member'),
  /** The operator puts the offer off: not asked again after sign-in (the account screen still turns it on). */
  offerLater: call('/api/member/otp/offerLater', empty, ok, 'member'),
  /** Turns it off with the password and a current or recovery code (either wrong counts toward the login lock). */
  disable: call('/api/member/otp/disable', z.object({ memPass: curPassField, otpCode }), ok, 'member'),
};

/** The second step of a login, with the ticket of an L006 or L008 answer. */
export const loginStepCalls = {
  /** The 6-digit code or a recovery code; a wrong one counts like a wrong password (L007). */
  otp: call('/api/member/login/otp', z.object({ ticket, otpCode }), loginAnswer, 'site'),
  /** An operator the site requires two-factor of enrols before the console opens (L008). */
  otpSetup: call('/api/member/login/otpSetup', z.object({ ticket }), enrolment, 'site'),
  otpEnable: call('/api/member/login/otpEnable', z.object({ ticket, otpCode }), loginAnswer.extend({ recoveryCodes }), 'site'),
};

/** The operator's side: reset a member's two-factor, and require it of the operator. */
export const adminTwoFactorCalls = {
  otpReset: call('/api/admin/member/otpReset', z.object({ memId: z.string().min(1).max(40) }), z.object({ memId: z.string(), otpYn: yn }), 'admin'),
  /** Sets the site option that the operator must sign in with two-factor (read in `/api/admin/site/state`). */
  adminOtp: call('/api/admin/site/adminOtp', z.object({ adminOtpYn: yn }), z.object({ adminOtpYn: yn }), 'admin'),
};
