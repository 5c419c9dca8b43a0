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
import { oldSecrets } from './oldSecrets.js';
import { serverSecret } from './secrets.js';

const MAX_AGE_S = 180 * 86_400;
export const devicePath = '/api/member/login';

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/**
 * Today's key signs; the rotated-out ones (`device-cookie-old`) still recognise the browsers that
 * signed in under them, so changing the key does not make every browser a new device.
 */
const keysOf = async (db: Db) => [await serverSecret(db, 'device-cookie'), ...oldSecrets('device-cookie')];

/** One cookie per account, site and key, under a name that does not show the id. */
const cookieName = (key: string, siteId: string, memId: string) => `pbd_${mac(key, `name|${siteId}|${memId.toLowerCase()}`).slice(0, 16)}`;
const signature = (key: string, siteId: string, memId: string, nonce: string) => mac(key, `dev|${siteId}|${memId.toLowerCase()}|${nonce}`);

/** A device cookie whose signature holds: its nonce, and whether a rotated-out key signed it (it is then issued again). */
export interface DeviceCookie {
  nonce: string;
  oldKey: boolean;
}

/** This account's device cookie when its signature holds under today's key or a rotated-out one; null otherwise. */
export async function deviceNonce(db: Db, siteId: string, memId: string, cookieHeader: string | null | undefined): Promise<DeviceCookie | null> {
  if (!cookieHeader || !memId) return null;
  const cookies = parse(cookieHeader);
  for (const [i, key] of (await keysOf(db)).entries()) {
    const [nonce, sig] = cookies[cookieName(key, siteId, memId)]?.split('.') ?? [];
    if (!nonce || !sig || nonce.length > 64) continue;
    const want = Buffer.from(signature(key, siteId, memId, nonce));
    const got = Buffer.from(sig);
    if (want.length === got.length && timingSafeEqual(want, got)) return { nonce, oldKey: i > 0 };
  }
  return null;
}

export interface Device {
  id: string;
  lockedUntil: Date | null;
  /** its cookie is signed under a rotated-out key */
  oldKey: boolean;
}

/** The device row behind a valid cookie, when it belongs to this member. */
export async function trustedDevice(db: Db, memberId: number, cookie: DeviceCookie | null): Promise<Device | null> {
  if (!cookie) return null;
  const row = await db.selectFrom('login_device').select(['id', 'locked_until']).where('id', '=', cookie.nonce).where('member_id', '=', memberId).executeTakeFirst();
  return row ? { id: row.id, lockedUntil: row.locked_until, oldKey: cookie.oldKey } : null;
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

/**
 * The cookie a full sign-in sets: an untrusted browser's new device row and the cookie naming it;
 * a device whose cookie a rotated-out key signed gets it again under today's key (the same row,
 * so its own count and lock stay); any other device, none.
 */
export async function loginDeviceCookie(db: Db, siteId: string, memId: string, memberId: number, device: Device | null, now: Date, secure: boolean): Promise<string | null> {
  if (device && !device.oldKey) return null;
  const nonce = device?.id ?? randomBytes(18).toString('base64url');
  if (!device) await db.insertInto('login_device').values({ id: nonce, member_id: memberId, created_at: now, last_seen_at: now }).execute();
  const [key] = await keysOf(db);
  return deviceCookieHeader(cookieName(key!, siteId, memId), `${nonce}.${signature(key!, siteId, memId, nonce)}`, secure);
}

export const deviceCookieHeader = (name: string, value: string, secure: boolean) =>
  serialize(name, value, { httpOnly: true, sameSite: 'strict', secure, path: devicePath, maxAge: MAX_AGE_S });
