import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';

/** One step before and after the current one: a phone clock up to 30 s off still works. */
const TOLERANCE_S = 30;

export const newTotpSecret = () => generateSecret();

/** What an authenticator app needs: the otpauth URI and its QR code as an SVG data URL. */
export async function enrolmentOf(secret: string, issuer: string, label: string) {
  const otpauthUrl = generateURI({ issuer, label, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time codes are checked at: the real clock, never the server's shiftable one
 * (PITBOSS_TEST_CLOCK_OFFSET_MS moves business time), since the authenticator app on the phone
 * runs on real time. Every TOTP check passes this as `now`.
 */
export const totpNow = () => new Date();

/** The time step a 6-digit code is right for at `now` (give `totpNow()`), or null. */
export async function codeStep(secret: string, code: string, now: Date, afterStep = 0): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_S, afterTimeStep: afterStep });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/**
 * Takes a code's time step as used: only a step later than the last used one is taken, in one
 * statement, so the same code (or an older one) is refused even when sent twice at once.
 */
export async function takeStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const { rows } = await sql<{ member_id: string }>`
    update member_totp set last_step = ${step} where member_id = ${memberId} and last_step < ${step} returning member_id`.execute(db);
  return rows.length > 0;
}
