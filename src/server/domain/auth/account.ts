import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { levelOrder } from '../../../contract/enums.js';
import type { MemberInfo } from '../../../contract/member.js';
import { validateAccountEdit, type AccountEditFields } from '../../../contract/validate.js';
import type { Db } from '../../db/driver.js';
import { hashPassword } from './passwords.js';
import { shownPoint } from '../money/shownBalance.js';
import { unreadSql, type UnreadCounts } from '../board/unread.js';
import { sessionExpiry, secondsLeft } from './tokens.js';
import { toWire } from '../common/time.js';

/** The logged-in user as the app keeps it (login, info), with its unread counts, in one statement. */
export async function memberInfoAndUnread(db: Db, memberId: number): Promise<{ member: MemberInfo; msgInfo: UnreadCounts }> {
  const unread = unreadSql(sql.ref('m.id'));
  const m = await db
    .selectFrom('member as m')
    .select(['mem_id', 'mem_name', 'mem_nick', 'partner_level', 'login_type', 'cash_amt', 'game_amt', 'out_amt_yn', shownPoint('m').as('point_amt')])
    .select([unread.newMsg.as('new_msg'), unread.newAnswer.as('new_answer')])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!m) throw new ApiError('U001');
  return {
    member: {
      memId: m.mem_id,
      memName: m.mem_name ?? '',
      memNick: m.mem_nick,
      partnerLevel: m.partner_level,
      partnerLevelOrder: levelOrder(m.partner_level),
      loginType: m.login_type as MemberInfo['loginType'],
      cashAmt: m.cash_amt,
      pointAmt: Number(m.point_amt),
      gameAmt: m.game_amt,
      outAmtYn: m.out_amt_yn === 'N' ? 'N' : 'Y',
    },
    msgInfo: { newMsg: Number(m.new_msg), newAnswer: Number(m.new_answer) },
  };
}

export const memberInfo = async (db: Db, memberId: number): Promise<MemberInfo> => (await memberInfoAndUnread(db, memberId)).member;

export async function balances(db: Db, memberId: number) {
  const m = await db
    .selectFrom('member as m')
    .select(['cash_amt', 'game_amt', shownPoint('m').as('point_amt')])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!m) throw new ApiError('U001');
  return { cashAmt: m.cash_amt, pointAmt: Number(m.point_amt), gameAmt: m.game_amt };
}

/** Session expiry as the wire carries it. */
export const sessionTimes = (expiresAt: Date, now: Date) => ({ expiresAt: toWire(expiresAt), expiresIn: secondsLeft(expiresAt, now) });

/**
 * Pushes the current session's expiry to now + 240 minutes and keeps the token. Rotating it would
 * sign out the live socket and the other tabs that hold the same token, which only learn a new
 * one by logging in again; the token is random and stored hashed, so keeping it costs nothing.
 */
export async function extendSession(db: Db, sessionId: number, token: string, now: Date) {
  const expiresAt = sessionExpiry(now);
  const row = await db
    .updateTable('session')
    .set({ expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  // ended between the auth check and here: a newer login or a logout won
  if (!row) throw new ApiError('TK001');
  return { token, ...sessionTimes(expiresAt, now) };
}

export async function endSession(db: Db, sessionId: number, now: Date, reason: 'logout' | 'superseded' = 'logout') {
  await db
    .updateTable('session')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Account edit: password and withdrawal password, checked in the product's order, then both
 * hashes replaced. The form shows the caller's own id; another id is refused.
 */
export async function updateAccount(db: Db, memberId: number, memId: string, f: AccountEditFields & { memId?: string | null }) {
  if (f.memId && f.memId !== memId) throw new ApiError('A001');
  const code = validateAccountEdit(f);
  if (code) throw new ApiError(code);
  const [passHash, outHash] = await Promise.all([hashPassword(f.memPass!), hashPassword(f.cashOutPass!)]);
  await db
    .updateTable('member')
    .set({ pass_hash: passHash, cash_out_pass_hash: outHash, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}
