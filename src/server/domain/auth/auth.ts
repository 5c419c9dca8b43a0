import { ApiError } from '../../../contract/codes.js';
import { isPartnerLogin, limits } from '../../../contract/enums.js';
import type { MemberInfo } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../../live/publisher.js';
import { memberInfo, sessionTimes } from './account.js';
import { consumeCaptcha } from './captcha.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, newToken, sessionExpiry } from './tokens.js';
import { unreadCounts, type UnreadCounts } from '../board/unread.js';

export type LoginPage = 'player' | 'partner' | 'admin';

export interface LoginInput {
  memId?: string;
  memPass?: string;
  captchaId?: string;
  captcha?: string;
  loginPage?: LoginPage;
}

export interface LoginEnv {
  db: Db;
  live: Publisher;
  siteId: string;
  ip: string | null;
  now: Date;
}

export interface LoginAnswer {
  token: string;
  expiresAt: string;
  expiresIn: number;
  member: MemberInfo;
  msgInfo: UnreadCounts;
}

// Unknown ids still pay for one scrypt, so response time does not tell which ids exist.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));

/**
 * Login in the product's order: captcha (partner screen or partner account) before credentials,
 * then password with the wrong-password lock, then account state and which screen may be used.
 * On success the member's other sessions end (one live session per member) and a new one starts.
 */
export async function login(env: LoginEnv, input: LoginInput): Promise<LoginAnswer> {
  const { db, siteId, now } = env;
  const memId = input.memId?.trim() ?? '';
  const memPass = input.memPass ?? '';
  const m = memId
    ? await db
        .selectFrom('member')
        .select(['id', 'mem_id', 'pass_hash', 'login_type', 'status', 'login_yn', 'failed_logins'])
        .where('site_id', '=', siteId)
        .where('mem_id', '=', memId)
        .where('login_type', '<>', 'HOUSE')
        .executeTakeFirst()
    : undefined;

  const captchaRequired = input.loginPage === 'partner' || (!!m && isPartnerLogin(m.login_type));
  if (captchaRequired && !(await consumeCaptcha(db, siteId, input.captchaId, input.captcha, now))) throw new ApiError('L002');

  if (!m || !memPass) {
    await verifyPassword(memPass || 'x', await decoy());
    throw new ApiError('L001');
  }
  if (m.failed_logins > limits.maxWrongPasswords) throw new ApiError('U003');
  if (!(await verifyPassword(memPass, m.pass_hash))) {
    const row = await db
      .updateTable('member')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', m.id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    // the attempt that crosses the limit already answers "locked"
    throw new ApiError(row.failed_logins > limits.maxWrongPasswords ? 'U003' : 'L001');
  }
  if (m.failed_logins > 0) await db.updateTable('member').set({ failed_logins: 0 }).where('id', '=', m.id).execute();

  if (m.status === 'PENDING') throw new ApiError('U002');
  if (m.login_yn === 'N') throw new ApiError('U010');
  if (input.loginPage === 'partner' && !isPartnerLogin(m.login_type)) throw new ApiError('L003');
  if (input.loginPage === 'admin' && m.login_type !== 'ADMIN') throw new ApiError('L003');

  const token = newToken();
  const expiresAt = sessionExpiry(now, limits.sessionMinutes);
  const ended = await db.transaction().execute(async (trx) => {
    // the row lock serialises concurrent logins of one member, so exactly one session survives
    await trx.selectFrom('member').select('id').where('id', '=', m.id).forUpdate().executeTakeFirst();
    const old = await trx
      .updateTable('session')
      .set({ ended_at: now, end_reason: 'superseded' })
      .where('member_id', '=', m.id)
      .where('ended_at', 'is', null)
      .returning('id')
      .execute();
    await trx
      .insertInto('session')
      .values({ site_id: siteId, member_id: m.id, token_hash: hashToken(token), ip: env.ip, created_at: now, expires_at: expiresAt })
      .execute();
    await trx.insertInto('login_log').values({ site_id: siteId, member_id: m.id, access_ip: env.ip, access_date: now }).execute();
    await trx
      .updateTable('member')
      .set((eb) => ({ last_login_at: now, last_login_ip: env.ip, login_count: eb('login_count', '+', 1), failed_logins: 0 }))
      .where('id', '=', m.id)
      .execute();
    return old;
  });
  for (const s of ended) env.live.publish({ siteId, memId: m.mem_id, sessionId: s.id }, { type: 'LOGOUT' });

  const [member, msgInfo] = await Promise.all([memberInfo(db, m.id), unreadCounts(db, m.id)]);
  return { token, ...sessionTimes(expiresAt, now), member, msgInfo };
}
