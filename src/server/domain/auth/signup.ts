import { ApiError, type ResultCode } from '../../../contract/codes.js';
import { isMemId, isNickname, normaliseNick, validateSignup, type SignupFields } from '../../../contract/validate.js';
import { sql, type Db } from '../../db/driver.js';
import { createMember } from './members.js';
import { isReservedNick } from './nicknames.js';

export interface SignupOptions {
  /** the site's signupApproval option: new members wait for the operator */
  approval: boolean;
  /** the site's signupClosed option */
  closed: boolean;
}

/**
 * Player self-signup: the field rules in the product's order, then the recommender and the
 * uniqueness checks, then one insert. New members are plain players (NORMAL level and login type)
 * under their recommender. They start ACTIVE: the product's approval and phone-call states are
 * an operator workflow not shown anywhere, so a site opts into it with `signupApproval`, which
 * makes new members PENDING (login answers U002 until approved).
 */
export async function signup(db: Db, siteId: string, input: SignupFields, opts: SignupOptions & { siteName?: string }) {
  if (opts.closed) throw new ApiError('U108');
  const f = { ...input, memNick: normaliseNick(input.memNick) };
  const code = validateSignup(f);
  if (code) throw new ApiError(code);
  const memId = f.memId!.trim();
  const memNick = f.memNick!;

  const rec = await takingRecommender(db, siteId, f.recommenderId);

  const taken = async (column: 'mem_nick' | 'mem_phone' | 'bank_acc', value: string) =>
    !!(await db.selectFrom('member').select('id').where('site_id', '=', siteId).where(column, '=', value).executeTakeFirst());
  if (await idTaken(db, siteId, memId)) throw new ApiError('U109');
  // a nickname spelling a reserved word is answered as taken
  if (isReservedNick(memNick, opts.siteName ?? '') || (await taken('mem_nick', memNick))) throw new ApiError('U110');
  if (await taken('mem_phone', f.memPhone!)) throw new ApiError('U111');
  if (await taken('bank_acc', f.bankacc!)) throw new ApiError('U112');

  const status = opts.approval ? 'PENDING' : 'ACTIVE';
  try {
    await createMember(db, {
      siteId,
      memId,
      password: f.memPass!,
      cashOutPass: f.cashOutPass!,
      memNick,
      memName: f.memName!.trim(),
      memPhone: f.memPhone!,
      bank: f.bank!.trim(),
      bankAcc: f.bankacc!,
      partnerLevel: 'NORMAL',
      loginType: 'NORMAL',
      parentId: rec.id,
      status,
    });
  } catch (e) {
    // a concurrent signup took the value between the checks and the insert
    const code = uniqueViolation(e);
    if (code) throw new ApiError(code);
    throw e;
  }
  return { memId, status } as const;
}

/**
 * The one rule for who may recommend: a partner of this site, active and not blocked from signing
 * in (a suspended partner takes no new members). Anyone else, unknown or not, is U107 alike, so
 * the answer confirms only ids a partner hands out anyway.
 */
async function takingRecommender(db: Db, siteId: string, recommenderId: string | null | undefined) {
  const id = recommenderId?.trim() ?? '';
  if (!id) throw new ApiError('U106');
  const rec = await db
    .selectFrom('member')
    .select(['id', 'mem_id', 'mem_nick', 'login_type', 'status', 'login_yn'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', id)
    .executeTakeFirst();
  if (!rec || rec.login_type !== 'PARTNER' || rec.status !== 'ACTIVE' || rec.login_yn === 'N') throw new ApiError('U107');
  return rec;
}

/** A signup link's recommender, before the form is shown: who invites, or why the link is no good. */
export async function recommenderOfLink(db: Db, siteId: string, recommenderId: string | undefined, opts: Pick<SignupOptions, 'closed'>) {
  if (opts.closed) throw new ApiError('U108');
  const rec = await takingRecommender(db, siteId, recommenderId);
  return { memId: rec.mem_id, memNick: rec.mem_nick };
}

const constraintCodes: [RegExp, ResultCode][] = [
  [/mem_nick/, 'U110'],
  [/mem_id/, 'U109'],
  [/phone/, 'U111'],
  [/bank_acc/, 'U112'],
];

/** Maps a unique violation on member to its U-code; null for any other error. */
export function uniqueViolation(e: unknown): ResultCode | null {
  const err = e as { code?: string; constraint?: string; message?: string } | null;
  if (!err || err.code !== '23505') return null;
  const name = err.constraint ?? err.message ?? '';
  for (const [re, code] of constraintCodes) if (re.test(name)) return code;
  return null;
}

/** Duplicate check for the signup and partner member-creation forms. */
export async function idAvailable(db: Db, siteId: string, memId: string | undefined) {
  const v = memId?.trim() ?? '';
  if (!isMemId(v)) throw new ApiError('U101');
  return { available: !(await idTaken(db, siteId, v)) };
}

/** Ids differing only in case count as taken, so nobody signs up as a look-alike of another member. */
async function idTaken(db: Db, siteId: string, memId: string) {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('site_id', '=', siteId)
    .where(sql<string>`lower(mem_id)`, '=', memId.toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function nicknameAvailable(db: Db, siteId: string, memNick: string | undefined, siteName = '') {
  const v = normaliseNick(memNick ?? '');
  if (!isNickname(v)) throw new ApiError('U105');
  if (isReservedNick(v, siteName)) return { available: false };
  const row = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_nick', '=', v).executeTakeFirst();
  return { available: !row };
}
