import { limits } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';

/**
 * Message retention, as the inbox label states it: a member keeps the messages of the last
 * 30 days, at most the newest 100; older ones are out of the list, the counts and every update.
 * The ids still kept, as a subquery.
 */
export function keptMessageIds(db: Db, memberId: number, now: Date) {
  return db
    .selectFrom('message')
    .select('id')
    .where('receiver_id', '=', memberId)
    .where('status', '=', 'Y')
    .where('send_date', '>', new Date(now.getTime() - limits.messageKeepDays * 86_400_000))
    .orderBy('send_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limits.messageKeepCount);
}
