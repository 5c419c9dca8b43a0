import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { levelOrder, limits } from '../../../contract/enums.js';
import { cashStatus, cashTypes } from '../../../contract/moneyKinds.js';
import type { MemberInfo } from '../../../contract/member.js';
import { accountEditChanges, validateAccountEdit, type AccountEditFields } from '../../../contract/validate.js';
import type { Db } from '../../db/driver.js';
import { hashPassword } from './passwords.js';
import { hashPin } from './pins.js';
import { confirmPassword, type ReauthEnv, type ReauthMember } from './reauth.js';
import type { SecurityChange } from '../push/texts.js';
import { secondsLeft } from './tokens.js';
import { cappedExpiry } from './sessions.js';
import type { SessionCache } from './sessionCache.js';
import { shownPoint } from '../money/shownBalance.js';
import type { UnreadCounts } from '../board/unread.js';
import { toWire } from '../common/time.js';

interface InfoRow {
  mem_id: string;
  mem_name: string | null;
  mem_nick: string;
  partner_level: string;
  login_type: string;
  cash_amt: number;
  game_amt: number;
  out_amt_yn: string;
  point_amt: number;
  new_msg: number;
  new_answer: number;
}

/**
 * The logged-in user as the app keeps it (login, info), with its unread counts, in one call of
 * member_info (migration 120: the statement's plan stays cached per connection).
 */
export async function memberInfoAndUnread(db: Db, memberId: number, now = new Date()): Promise<{ member: MemberInfo; msgInfo: UnreadCounts }> {
  const since = new Date(now.getTime() - limits.messageKeepDays * 86_400_000);
  const { rows } = await sql<InfoRow>`select * from member_info(${memberId}, ${since}, ${limits.messageKeepCount})`.execute(db);
  const m = rows[0];
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
 * Pushes the current session's expiry to now + 240 minutes, never past its absolute end, and keeps
 * the token (this instance's cache takes the new expiry, the others re-read it). Rotating it would sign out the live socket and the other tabs that hold the same
 * token, which only learn a new one by logging in again; the token is random and stored hashed.
 */
export async function extendSession(db: Db, sessions: SessionCache, sessionId: number, token: string, now: Date, maxHours: number) {
  const s = await db.selectFrom('session').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  if (!s) throw new ApiError('TK001');
  const expiresAt = cappedExpiry(now, new Date(s.created_at), maxHours);
  const row = await db.updateTable('session').set({ expires_at: expiresAt }).where('id', '=', sessionId).where('ended_at', 'is', null).returning('id').executeTakeFirst();
  // ended between the auth check and here: a newer login or a logout won
  if (!row) throw new ApiError('TK001');
  await sessions.refreshed(sessionId, expiresAt);
  return { token, ...sessionTimes(expiresAt, now) };
}

async function withdrawalInProgress(db: Db, memberId: number) {
  const r = await db
    .selectFrom('cash_request')
    .select('id')
    .where('member_id', '=', memberId)
    .where('cash_type', '=', cashTypes.withdrawal)
    .where('status', 'in', [cashStatus.applied, cashStatus.waiting])
    .executeTakeFirst();
  return !!r;
}

/**
 * Account edit: password and withdrawal password, checked in the product's order, then the
 * current login password (or a re-authentication of this session within reauthMinutes; U121 when
 * missing or wrong, counted toward the login lock, which ends the session), then the changed
 * hashes replaced (a pair left empty stays as it was). The form shows the caller's own id; another
 * id is refused. A stolen session alone can therefore not take the account over. Answers which
 * security changes were made, for the member's notice.
 */
export async function updateAccount(env: ReauthEnv, member: ReauthMember, f: AccountEditFields & { memId?: string | null; curPass?: string | null }): Promise<SecurityChange[]> {
  const { db, now } = env;
  if (f.memId && f.memId !== member.memId) throw new ApiError('A001');
  const code = validateAccountEdit(f);
  if (code) throw new ApiError(code);
  await confirmPassword(env, member, f.curPass);
  const change = accountEditChanges(f);
  // a withdrawal in progress was applied with the current withdrawal password: it stays until that one is done
  if (change.out && (await withdrawalInProgress(db, member.id))) throw new ApiError('F001');
  const [passHash, outHash] = await Promise.all([change.pass ? hashPassword(f.memPass!) : null, change.out ? hashPin(db, f.cashOutPass!) : null]);
  await db
    .updateTable('member')
    .set({
      ...(passHash ? { pass_hash: passHash } : {}),
      ...(outHash ? { cash_out_pass_hash: outHash, out_pass_fails: 0, out_locked_until: null } : {}),
      updated_at: now,
    })
    .where('id', '=', member.id)
    .execute();
  return [...(passHash ? (['password'] as const) : []), ...(outHash ? (['pin'] as const) : [])];
}
