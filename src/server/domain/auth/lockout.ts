import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { limits } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { toWire } from '../common/time.js';
import type { SessionCache } from './sessionCache.js';
import { endSessions } from './sessions.js';
import { twoFactorOn } from './twoFactor.js';

/** Locked while the lock's end lies ahead; an ended lock counts as none. */
export const isLocked = (lockedUntil: Date | string | null | undefined, now: Date) => !!lockedUntil && new Date(lockedUntil).getTime() > now.getTime();

/**
 * Records a wrong password. The count is raised and compared with the limit in one statement,
 * under the row lock, so parallel attempts can never slip past it; the try that crosses the limit
 * sets a lock of `lockMinutes`. An ended lock starts the count again. A wrong current password in
 * a signed-in account edit (`endSessions`) also ends the member's open sessions; a wrong login
 * from an untrusted device does not, since anyone can send those. `lockOnceSince`: no new lock
 * when the last one was set after it (the operator's account against untrusted failures: one
 * lock a window, not a lock renewed forever). Answers whether the member is locked now.
 */
export async function recordWrongPassword(db: Db, sessions: SessionCache, memberId: number, now: Date, lockMinutes: number, endOnLock = true, lockOnceSince: Date | null = null) {
  const until = new Date(now.getTime() + lockMinutes * 60_000);
  return db.transaction().execute(async (trx) => {
    const locks = sql`(coalesce(locked_until <= ${now}, true)
          and (case when locked_until is not null then 1 else failed_logins + 1 end) > ${limits.maxWrongPasswords}
          and (${lockOnceSince}::timestamptz is null or lock_set_at is null or lock_set_at <= ${lockOnceSince}::timestamptz))`;
    const { rows } = await sql<{ locked_until: Date | null }>`
      update member set
        failed_logins = case
          when locked_until > ${now} then failed_logins
          when locked_until is not null then 1
          else failed_logins + 1 end,
        locked_until = case
          when locked_until > ${now} then locked_until
          when ${locks} then ${until}::timestamptz
          else null end,
        lock_set_at = case when ${locks} then ${now}::timestamptz else lock_set_at end
      where id = ${memberId}
      returning locked_until`.execute(trx);
    const lockedUntil = rows[0]?.locked_until ?? null;
    const justLocked = !!lockedUntil && new Date(lockedUntil).getTime() === until.getTime();
    const ended = justLocked && endOnLock ? await endSessions(trx, sessions, { memberId }, now, 'locked') : [];
    return { locked: isLocked(lockedUntil, now), ended };
  });
}

/**
 * A right password clears the count, but only while no lock holds: the check and the reset are
 * one statement, so a lock set by a parallel wrong try is always seen. False when locked.
 * `passedLock`: a solved challenge or a recovery code passed the lock; the sign-in ends it.
 */
export async function clearWrongPasswords(db: Db, memberId: number, now: Date, passedLock = false): Promise<boolean> {
  const clear = db.updateTable('member').set({ failed_logins: 0, locked_until: null }).where('id', '=', memberId);
  const row = await (passedLock ? clear : clear.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))).returning('id').executeTakeFirst();
  return !!row;
}

/** The operator's (or an upline partner's) unlock: the counts and the locks cleared, the account's and its devices'. */
export async function unlockMember(db: Db, memberId: number) {
  const before = await db.selectFrom('member').select(['failed_logins', 'locked_until']).where('id', '=', memberId).executeTakeFirstOrThrow();
  await db.updateTable('member').set({ failed_logins: 0, locked_until: null }).where('id', '=', memberId).execute();
  await db.updateTable('login_device').set({ failed: 0, locked_until: null }).where('member_id', '=', memberId).execute();
  return before;
}

const wireIfAhead = (d: Date | string | null, now: Date) => (d && isLocked(d, now) ? toWire(new Date(d)) : null);

/** A member's lock state (login and withdrawal password), the before and after of every unlock; U001 for no such member or a house account. */
export async function lockState(db: Db, siteId: string, memId: string, now: Date) {
  const m = await db
    .selectFrom('member')
    .select(['id', 'mem_id', 'mem_nick', 'failed_logins', 'locked_until', 'out_locked_until', 'login_type'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId)
    .executeTakeFirst();
  if (!m || m.login_type === 'HOUSE') throw new ApiError('U001');
  return {
    id: m.id,
    player: m.login_type === 'NORMAL',
    state: {
      memId: m.mem_id,
      memNick: m.mem_nick,
      failedLogins: m.failed_logins,
      lockedUntil: wireIfAhead(m.locked_until, now),
      outLockedUntil: wireIfAhead(m.out_locked_until, now),
      otpYn: (await twoFactorOn(db, m.id)) ? ('Y' as const) : ('N' as const),
    },
  };
}
