import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';

const WINDOW_MS = 15 * 60_000;

/** A wrong password counted against an account, and from where. */
export async function recordLoginFailure(db: Db, f: { siteId: string; memberId: number; ip: string | null; trusted: boolean; at: Date }) {
  await db.insertInto('login_failure').values({ site_id: f.siteId, member_id: f.memberId, ip: f.ip, trusted: f.trusted, at: f.at }).execute();
}

/** Wrong passwords against one account in the last 15 minutes, and from how many addresses: the operator console shows its own. */
export async function loginAttack(db: Db, memberId: number, now: Date) {
  const row = await db
    .selectFrom('login_failure')
    .select([sql<number>`count(*)`.as('failures'), sql<number>`count(distinct ip)`.as('addresses')])
    .where('member_id', '=', memberId)
    .where('at', '>', new Date(now.getTime() - WINDOW_MS))
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), addresses: Number(row.addresses), minutes: WINDOW_MS / 60_000 };
}
