import type { Db } from '../db/driver.js';

export interface UnreadCounts {
  newMsg: number;
  newAnswer: number;
}

/**
 * Unread messages and unanswered-then-answered inquiries of a member, for the login answer and
 * the notice box. Zeros until the messaging capability owns its tables and fills this in.
 */
export async function unreadCounts(_db: Db, _memberId: number): Promise<UnreadCounts> {
  return { newMsg: 0, newAnswer: 0 };
}
