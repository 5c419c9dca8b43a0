/**
 * OWASP's device cookie: a browser that signed in to an account gets a signed cookie naming the
 * account and a random nonce. Wrong passwords from that browser count against its own row and
 * lock only it; wrong passwords from anywhere else lock untrusted devices only. So nobody can
 * shut an owner out of a device it used before, and a stolen cookie still allows only a few guesses.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { sql } from 'kysely';
import { limits } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { isLocked } from './lockout.js';
import { serverSecret } from './secrets.js';

const MAX_AGE_S = 180 * 86_400;
export const devicePath = '/api/member/login';

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
const secretOf = (db: Db) => serverSecret(db, 'device-cookie');

/** One cookie per account and site, under a name that does not show the id. */
async function cookieName(db: Db, siteId: string, memId: string) {
  return `pbd_${mac(await secretOf(db), `name|${siteId}|${memId.toLowerCase()}`).slice(0, 16)}`;
}

/** The nonce of this account's device cookie when its signature holds; null otherwise. */
export async function deviceNonce(db: Db, siteId: string, memId: string, cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader || !memId) return null;
  const value = parse(cookieHeader)[await cookieName(db, siteId, memId)];
  const [nonce, sig] = value?.split('.') ?? [];
  if (!nonce || !sig || nonce.length > 64) return null;
  const want = Buffer.from(mac(await secretOf(db), `dev|${siteId}|${memId.toLowerCase()}|${nonce}`));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? nonce : null;
}

export interface Device {
  id: string;
  lockedUntil: Date | null;
}

/** The device row behind a valid cookie, when it belongs to this member. */
export async function trustedDevice(db: Db, memberId: number, nonce: string | null): Promise<Device | null> {
  if (!nonce) return null;
  const row = await db.selectFrom('login_device').select(['id', 'locked_until']).where('id', '=', nonce).where('member_id', '=', memberId).executeTakeFirst();
  return row ? { id: row.id, lockedUntil: row.locked_until } : null;
}

/** A wrong password from a trusted device: counted and compared with the limit in one statement; true when it is locked now. */
export async function recordDeviceFailure(db: Db, deviceId: string, now: Date, lockMinutes: number): Promise<boolean> {
  const until = new Date(now.getTime() + lockMinutes * 60_000);
  const { rows } = await sql<{ locked_until: Date | null }>`
    update login_device set
      failed = case
        when locked_until > ${now} then failed
        when locked_until is not null then 1
        else failed + 1 end,
      locked_until = case
        when locked_until > ${now} then locked_until
        when (case when locked_until is not null then 1 else failed + 1 end) > ${limits.maxWrongPasswords} then ${until}::timestamptz
        else null end
    where id = ${deviceId}
    returning locked_until`.execute(db);
  return isLocked(rows[0]?.locked_until, now);
}

/** A right password from a trusted device clears its count, unless a parallel wrong try locked it (false). */
export async function clearDevice(db: Db, deviceId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('login_device')
    .set({ failed: 0, locked_until: null, last_seen_at: now })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** After a successful login on an untrusted device: a new device row and the cookie that names it. */
export async function newDeviceCookie(db: Db, siteId: string, memId: string, memberId: number, now: Date, secure: boolean): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  await db.insertInto('login_device').values({ id: nonce, member_id: memberId, created_at: now, last_seen_at: now }).execute();
  return deviceCookieHeader(await cookieName(db, siteId, memId), `${nonce}.${mac(await secretOf(db), `dev|${siteId}|${memId.toLowerCase()}|${nonce}`)}`, secure);
}

export const deviceCookieHeader = (name: string, value: string, secure: boolean) =>
  serialize(name, value, { httpOnly: true, sameSite: 'strict', secure, path: devicePath, maxAge: MAX_AGE_S });
