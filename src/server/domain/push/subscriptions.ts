import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import type { PushLang } from '../../../contract/push.js';
import type { Db } from '../../db/driver.js';
import type { Caller } from '../auth/caller.js';
import { pushEndpointAllowed } from './endpoint.js';

/** Devices kept per member. */
export const MAX_DEVICES = 10;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: PushLang;
}

/**
 * Keeps a device's subscription for the caller's session. Only the browsers' own push services are
 * reached (https), so a member cannot make the server post to an address of its choosing.
 * A subscription is its member's: the same endpoint again replaces the row only for that member, or
 * for whoever presents the device's own keys (another member signing in on the same browser gets
 * the same subscription); someone who merely knows the endpoint cannot take it over. A device new
 * to the caller passes `confirmNewDevice` first (the password of a security change). Answers
 * whether the device was new.
 */
export async function subscribe(db: Db, siteId: string, caller: Caller, s: Subscription, testOrigin?: string, confirmNewDevice?: () => Promise<void>) {
  if (!pushEndpointAllowed(s.endpoint, testOrigin)) throw new ApiError('V001', 'endpoint: not a known push service');
  const added = !(await ownsDevice(db, caller.id, s.endpoint));
  if (added) await confirmNewDevice?.();
  const row = { site_id: siteId, member_id: caller.id, session_id: caller.sessionId, p256dh: s.keys.p256dh, auth: s.keys.auth, lang: s.lang };
  const kept = await db
    .insertInto('push_subscription')
    .values({ endpoint: s.endpoint, ...row })
    // a device subscribing again counts as new: the cap below drops devices not seen for longest
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ ...row, created_at: sql`now()` })
        .where((eb) =>
          eb.or([eb('push_subscription.member_id', '=', caller.id), eb.and([eb('push_subscription.p256dh', '=', s.keys.p256dh), eb('push_subscription.auth', '=', s.keys.auth)])]),
        ),
    )
    .returning('endpoint')
    .executeTakeFirst();
  if (!kept) throw new ApiError('V001', 'endpoint: subscribed by another account');
  // a member's devices are few: past the cap the oldest go, so no one makes the server post to a long list
  const keep = db.selectFrom('push_subscription').select('endpoint').where('member_id', '=', caller.id).orderBy('created_at', 'desc').orderBy('endpoint').limit(MAX_DEVICES);
  await db.deleteFrom('push_subscription').where('member_id', '=', caller.id).where('endpoint', 'not in', keep).execute();
  return { added };
}

/** Whether the endpoint is already one of the member's devices (renewing it is no security change). */
export async function ownsDevice(db: Db, memberId: number, endpoint: string) {
  return !!(await db.selectFrom('push_subscription').select('endpoint').where('endpoint', '=', endpoint).where('member_id', '=', memberId).executeTakeFirst());
}

/** Forgets one of the caller's own devices. */
export async function unsubscribe(db: Db, caller: Caller, endpoint: string) {
  await db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).where('member_id', '=', caller.id).execute();
}

/** A logout forgets the device that signed out (the browser drops its subscription too). */
export async function forgetSession(db: Db, sessionId: number) {
  await db.deleteFrom('push_subscription').where('session_id', '=', sessionId).execute();
}
