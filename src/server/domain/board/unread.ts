import type { Db } from '../../db/driver.js';
import { keptMessageIds } from './retention.js';

export interface UnreadCounts {
  newMsg: number;
  newAnswer: number;
}

/**
 * What the notice box counts: unread messages not deleted and still kept (see retention), and the member's inquiries whose
 * reply it has not opened yet. Sent with login and pushed live (MSG, ANSWER_CMT).
 */
export async function unreadCounts(db: Db, memberId: number, now = new Date()): Promise<UnreadCounts> {
  const [msg, answer] = await Promise.all([
    db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('receiver_id', '=', memberId)
      .where('status', '=', 'Y')
      .where('msg_status', '=', 'N')
      .where('id', 'in', keptMessageIds(db, memberId, now))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('board_post as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.member_id', '=', memberId)
      .where('p.board_type', '=', 'faq')
      .where('p.del_yn', '=', 'N')
      .where('p.status', '=', 'ANSWER')
      .where((eb) => eb.exists(eb.selectFrom('board_comment as c').select('c.id').whereRef('c.post_id', '=', 'p.id').where('c.read_yn', '=', 'N')))
      .executeTakeFirstOrThrow(),
  ]);
  return { newMsg: Number(msg.n), newAnswer: Number(answer.n) };
}
