import { sql, type RawBuilder } from 'kysely';
import { limits } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';

export interface UnreadCounts {
  newMsg: number;
  newAnswer: number;
}

/**
 * What the notice box counts: unread messages not deleted and still kept (see retention: the
 * newest 100 of the last 30 days), and the member's inquiries whose reply it has not opened yet.
 * Sent with login and pushed live (MSG, ANSWER_CMT). As SQL expressions over a member id so a
 * read of the member row carries them in the same statement.
 */
export const unreadSql = (memberId: RawBuilder<unknown>, now: Date) => {
  const since = new Date(now.getTime() - limits.messageKeepDays * 86_400_000);
  return {
    newMsg: sql<number>`(select count(*) from (select x.msg_status from message x
      where x.receiver_id = ${memberId} and x.status = 'Y' and x.send_date > ${since}
      order by x.send_date desc, x.id desc limit ${limits.messageKeepCount}) k where k.msg_status = 'N')`,
    newAnswer: sql<number>`(select count(*) from board_post p where p.member_id = ${memberId} and p.board_type = 'faq' and p.del_yn = 'N'
      and p.status = 'ANSWER' and exists (select 1 from board_comment c where c.post_id = p.id and c.read_yn = 'N'))`,
  };
};

export async function unreadCounts(db: Db, memberId: number, now = new Date()): Promise<UnreadCounts> {
  const u = unreadSql(sql`${memberId}::bigint`, now);
  const r = await db.selectNoFrom([u.newMsg.as('msg'), u.newAnswer.as('answer')]).executeTakeFirstOrThrow();
  return { newMsg: Number(r.msg), newAnswer: Number(r.answer) };
}
