import { sql } from 'kysely';
import type { WrongOutPass } from '../../../contract/cash.js';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { hashPin, pinNeedsRehash, verifyPin } from '../auth/pins.js';

export interface OutPassLimit {
  maxTries: number;
  lockMinutes: number;
}
export const defaultOutPassLimit: OutPassLimit = { maxTries: 5, lockMinutes: 30 };

const lockedAt = (until: Date | string | null | undefined, now: Date) => !!until && new Date(until).getTime() > now.getTime();

/**
 * The 4-digit withdrawal password with an attempt limit: C011 while withdrawals are locked,
 * C008 for a wrong one (its data: the tries left before C011). A wrong try raises the count and compares it with the limit in one
 * statement (parallel guesses cannot slip past it); the try that reaches the limit locks
 * withdrawals for `lockMinutes` and already answers C011. A right one clears the count, in one
 * statement that also re-checks the lock.
 */
export async function checkCashOutPass(
  db: Db,
  m: { id: number; hash: string; lockedUntil: Date | string | null },
  pass: string | null | undefined,
  now: Date,
  limit: OutPassLimit = defaultOutPassLimit,
) {
  if (lockedAt(m.lockedUntil, now)) throw new ApiError('C011');
  if (pass && (await verifyPin(db, pass, m.hash))) {
    const ok = await db
      .updateTable('member')
      .set({ out_pass_fails: 0, out_locked_until: null })
      .where('id', '=', m.id)
      .where((eb) => eb.or([eb('out_locked_until', 'is', null), eb('out_locked_until', '<=', now)]))
      .returning('id')
      .executeTakeFirst();
    if (!ok) throw new ApiError('C011');
    if (await pinNeedsRehash(db, m.hash)) await rehash(db, m.id, m.hash, await hashPin(db, pass));
    return;
  }
  const until = new Date(now.getTime() + limit.lockMinutes * 60_000);
  const { rows } = await sql<{ out_locked_until: Date | null; out_pass_fails: number }>`
    update member set
      out_pass_fails = case
        when out_locked_until > ${now} then out_pass_fails
        when out_locked_until is not null then 1
        else out_pass_fails + 1 end,
      out_locked_until = case
        when out_locked_until > ${now} then out_locked_until
        when (case when out_locked_until is not null then 1 else out_pass_fails + 1 end) >= ${limit.maxTries} then ${until}::timestamptz
        else null end
    where id = ${m.id}
    returning out_locked_until, out_pass_fails`.execute(db);
  if (lockedAt(rows[0]?.out_locked_until, now)) throw new ApiError('C011');
  const data: WrongOutPass = { triesLeft: Math.max(0, limit.maxTries - Number(rows[0]?.out_pass_fails ?? 0)) };
  throw new ApiError('C008', undefined, data);
}

/** Only while the hash is still the one checked: a PIN changed meanwhile stays. */
async function rehash(db: Db, memberId: number, old: string, fresh: string) {
  await db.updateTable('member').set({ cash_out_pass_hash: fresh }).where('id', '=', memberId).where('cash_out_pass_hash', '=', old).execute();
}

/** The operator's unlock also clears a withdrawal lock. */
export async function clearOutPassLock(db: Db, memberId: number) {
  await db.updateTable('member').set({ out_pass_fails: 0, out_locked_until: null }).where('id', '=', memberId).execute();
}
