/**
 * Creation of members (at once) and partners: a partner's lower partner is a request the operator
 * approves; the operator's own partners (PTN_1 under the house, or a lower partner of any site
 * partner) exist at once.
 */
import { sql } from 'kysely';
import { ApiError, type ResultCode } from '../../../contract/codes.js';
import {
  isAccountNumber,
  isBankName,
  isCashOutPass,
  isHolder,
  isMemId,
  isNickname,
  isPassword,
  isPhone,
  normaliseNick,
  validateSignup,
  type SignupFields,
} from '../../../contract/validate.js';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../../db/driver.js';
import type { RequestedRate } from '../../db/tables/partner.js';
import { nextPartnerLevel, scoped, type MemberRef } from './hierarchy.js';
import { setRatesDirect } from './rates.js';
import { createMember } from '../auth/members.js';
import { newPartnerRateBounds } from './partnerFigures.js';
import { hashPassword } from '../auth/passwords.js';
import { hashPin } from '../auth/pins.js';
import { idAvailable, nicknameAvailable, signup, uniqueViolation } from '../auth/signup.js';

type Who = Pick<Caller, 'id' | 'memId' | 'loginType' | 'partnerLevel'>;
const present = (v: string | undefined): v is string => !!v && v.trim().length > 0;

export interface NewPartner {
  memId?: string;
  memPass?: string;
  memNick?: string;
  memPhone?: string;
  bank?: string;
  bankAcc?: string;
  memName?: string;
  cashOutPass?: string;
  recommenderId?: string;
  rateList?: { category: string; pointRate?: string | number; loseRate?: string | number }[];
}

/** Per category, rolling then losing, each a number within the parent's bounds (default 0). */
async function checkRates(db: Db, parentId: number | null, list: NewPartner['rateList']): Promise<RequestedRate[]> {
  const bounds = await newPartnerRateBounds(db, parentId);
  return bounds.map((b) => {
    const given = list?.find((r) => r.category === b.vendorCode);
    const num = (v: string | number | undefined) => (v === undefined || v === '' ? 0 : Number(v));
    const [pointRate, loseRate] = [num(given?.pointRate), num(given?.loseRate)];
    if (!Number.isFinite(pointRate) || pointRate < b.minPointRate || pointRate > b.maxPointRate) {
      throw new ApiError('V001', `${b.vendorCode}: rolling rate must be ${b.minPointRate} to ${b.maxPointRate}`);
    }
    if (!Number.isFinite(loseRate) || loseRate < b.minLoseRate || loseRate > b.maxLoseRate) {
      throw new ApiError('V001', `${b.vendorCode}: losing rate must be ${b.minLoseRate} to ${b.maxLoseRate}`);
    }
    return { category: b.vendorCode, pointRate, loseRate };
  });
}

/** Partner creation fields in the seed's order (§5): id, password, nickname, withdrawal password, bank, account, name, phone. */
function checkPartnerFields(f: NewPartner): ResultCode | null {
  if (!present(f.memId) || !isMemId(f.memId.trim())) return 'U101';
  if (!present(f.memPass)) return 'U119';
  if (!isPassword(f.memPass)) return 'U102';
  if (!present(f.memNick) || !isNickname(f.memNick)) return 'U105';
  if (!present(f.cashOutPass) || !isCashOutPass(f.cashOutPass)) return 'U103';
  if (!present(f.bank) || !isBankName(f.bank.trim())) return 'U115';
  if (!present(f.bankAcc) || !isAccountNumber(f.bankAcc)) return 'U117';
  if (!present(f.memName) || !isHolder(f.memName.trim())) return 'U116';
  if (!present(f.memPhone) || !isPhone(f.memPhone)) return 'U114';
  return null;
}

async function valueTaken(db: Db, siteId: string, column: 'mem_phone' | 'bank_acc', value: string) {
  const [m, r] = await Promise.all([
    db.selectFrom('member').select('id').where('site_id', '=', siteId).where(column, '=', value).executeTakeFirst(),
    db.selectFrom('partner_request').select('id').where('site_id', '=', siteId).where('status', '=', 0).where(column, '=', value).executeTakeFirst(),
  ]);
  return !!(m || r);
}

/** What a caller may create under a parent: the level, and whether it exists at once or waits as a request. */
export interface PartnerCreation {
  level: string;
  atOnce: boolean;
  /** the parent's member id; null for the house (a top-level partner) */
  parentId: number | null;
}

/**
 * The one rule of who creates which partner. The site's operator creates at once: a top-level
 * partner (PTN_1) under the house when it names no parent (`parent` is then its own row), else the
 * next level under any partner of its site. A partner (PTN_1 to PTN_4 and PTN_6) files a request
 * for the next level under itself or a partner of its own subtree (`scoped` already confined the
 * parent). Anyone else, and parents with no partner level below them, answer A001.
 */
export function partnerCreation(caller: Pick<Who, 'id' | 'loginType' | 'partnerLevel'>, parent: MemberRef): PartnerCreation {
  if (caller.loginType === 'ADMIN') {
    if (parent.id === caller.id) return { level: 'PTN_1', atOnce: true, parentId: null };
    const level = nextPartnerLevel(parent);
    if (!level) throw new ApiError('A001');
    return { level, atOnce: true, parentId: parent.id };
  }
  if (caller.loginType !== 'PARTNER' || caller.partnerLevel === 'PTN_5') throw new ApiError('A001');
  const level = nextPartnerLevel(parent);
  if (!level) throw new ApiError('A001');
  return { level, atOnce: false, parentId: parent.id };
}

/**
 * Creates a partner under recommenderId (the caller, or the house for the operator, by default)
 * as `partnerCreation` decides: status 0 with reqIdx is a request waiting for the operator, status
 * 1 (reqIdx 0) a partner that exists now. Nothing is written when a check fails.
 */
export async function requestPartner(db: Db, siteId: string, caller: Who, input: NewPartner, now: Date) {
  const f = { ...input, memNick: normaliseNick(input.memNick) };
  if (caller.loginType !== 'ADMIN' && (caller.loginType !== 'PARTNER' || caller.partnerLevel === 'PTN_5')) throw new ApiError('A001');
  const parent = await scoped(db, siteId, caller, f.recommenderId?.trim() || undefined);
  const { level, atOnce, parentId } = partnerCreation(caller, parent);
  const rates = await checkRates(db, parentId, f.rateList);
  const code = checkPartnerFields(f);
  if (code) throw new ApiError(code);
  const memId = f.memId!.trim();
  const openId = await db
    .selectFrom('partner_request')
    .select('id')
    .where('site_id', '=', siteId)
    .where('status', '=', 0)
    .where(sql<string>`lower(mem_id)`, '=', memId.toLowerCase())
    .executeTakeFirst();
  if (!(await idAvailable(db, siteId, memId)).available || openId) throw new ApiError('U109');
  const openNick = await db.selectFrom('partner_request').select('id').where('site_id', '=', siteId).where('status', '=', 0).where('mem_nick', '=', f.memNick!).executeTakeFirst();
  if (!(await nicknameAvailable(db, siteId, f.memNick)).available || openNick) throw new ApiError('U110');
  if (await valueTaken(db, siteId, 'mem_phone', f.memPhone!)) throw new ApiError('U111');
  if (await valueTaken(db, siteId, 'bank_acc', f.bankAcc!)) throw new ApiError('U112');
  if (atOnce) return createAtOnce(db, siteId, caller.id, { ...f, memId }, level, parentId, rates, now);
  const [passHash, outHash] = await Promise.all([hashPassword(f.memPass!), hashPin(db, f.cashOutPass!)]);
  try {
    const row = await db
      .insertInto('partner_request')
      .values({
        site_id: siteId,
        requested_by: caller.id,
        parent_id: parent.id,
        mem_id: memId,
        pass_hash: passHash,
        cash_out_pass_hash: outHash,
        mem_nick: f.memNick!,
        mem_name: f.memName!.trim(),
        mem_phone: f.memPhone!,
        bank: f.bank!.trim(),
        bank_acc: f.bankAcc!,
        partner_level: level,
        rates: JSON.stringify(rates),
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    return { reqIdx: row.id, memId, partnerLevel: level, status: row.status };
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new ApiError('U109');
    throw e;
  }
}

/** The operator's partner: the member and its rates in one transaction. */
async function createAtOnce(db: Db, siteId: string, byId: number, f: NewPartner & { memId: string }, level: string, parentId: number | null, rates: RequestedRate[], now: Date) {
  try {
    await db.transaction().execute(async (trx) => {
      const id = await createMember(trx, {
        siteId,
        memId: f.memId,
        password: f.memPass!,
        cashOutPass: f.cashOutPass!,
        memNick: f.memNick!,
        memName: f.memName!.trim(),
        memPhone: f.memPhone!,
        bank: f.bank!.trim(),
        bankAcc: f.bankAcc!,
        partnerLevel: level,
        loginType: 'PARTNER',
        parentId,
      });
      // the rates were checked against the parent's bounds above (100 under the house)
      const set = rates.filter((r) => r.pointRate || r.loseRate) as Parameters<typeof setRatesDirect>[4];
      if (set.length) await setRatesDirect(trx, siteId, byId, id, set, now);
    });
  } catch (e) {
    // a concurrent creation took a value after the checks
    if ((e as { code?: string }).code === '23505') throw new ApiError(uniqueViolation(e) ?? 'U109');
    throw e;
  }
  return { reqIdx: 0, memId: f.memId, partnerLevel: level, status: 1 };
}

export interface JoinInput extends SignupFields {
  groupYn?: 'Y' | 'N';
  startNum?: string;
  endNum?: string;
}

/** Seed §5 group check: numbers only, end larger than start, at most 10 members; below 10 padded to two digits. */
export function groupSuffixes(startNum: string | undefined, endNum: string | undefined): string[] {
  const [a, b] = [startNum?.trim() ?? '', endNum?.trim() ?? ''];
  if (!/^\d{1,6}$/.test(a) || !/^\d{1,6}$/.test(b)) throw new ApiError('V001', 'Group range: numbers only');
  const [start, end] = [Number(a), Number(b)];
  if (end <= start) throw new ApiError('V001', 'Group range: the back number must be larger');
  if (end - start > 9) throw new ApiError('V001', 'Group range: up to 10 members can join');
  return Array.from({ length: end - start + 1 }, (_, i) => String(start + i).padStart(2, '0'));
}

/**
 * Member signup by a partner, under recommenderId: the caller or a partner of its subtree.
 * Single members go through the player signup (same rules, same codes). A group checks every
 * member first and creates none when one fails; its members carry no phone or account number,
 * both being unique per member.
 */
export async function partnerJoin(db: Db, siteId: string, caller: Who, input: JoinInput): Promise<{ memIds: string[] }> {
  const f = { ...input, memNick: normaliseNick(input.memNick) };
  if (caller.partnerLevel === 'NORMAL') throw new ApiError('A001');
  const group = f.groupYn === 'Y' ? groupSuffixes(f.startNum, f.endNum) : null;
  const members: SignupFields[] = group ? group.map((n) => ({ ...f, memId: `${f.memId?.trim() ?? ''}${n}`, memNick: `${f.memNick ?? ''}${n}` })) : [f];
  for (const m of members) {
    const code = validateSignup(m);
    if (code) throw new ApiError(code);
  }
  const parent = await scoped(db, siteId, caller, f.recommenderId!.trim());
  if (!group) {
    const r = await signup(db, siteId, { ...f, recommenderId: parent.memId }, { approval: false, closed: false });
    return { memIds: [r.memId] };
  }
  if (parent.loginType !== 'PARTNER') throw new ApiError('U107');
  for (const m of members) {
    if (!(await idAvailable(db, siteId, m.memId!)).available) throw new ApiError('U109');
    if (!(await nicknameAvailable(db, siteId, m.memNick!)).available) throw new ApiError('U110');
  }
  const created: string[] = [];
  for (const [i, m] of members.entries()) {
    try {
      await createMember(db, {
        siteId,
        memId: m.memId!,
        password: f.memPass!,
        cashOutPass: f.cashOutPass!,
        memNick: m.memNick!,
        memName: `${f.memName!.trim()}${group[i]}`,
        bank: f.bank!.trim(),
        partnerLevel: 'NORMAL',
        loginType: 'NORMAL',
        parentId: parent.id,
      });
    } catch (e) {
      // a concurrent signup took an id or nickname after the checks: report what was made
      const code = uniqueViolation(e);
      if (code) throw new ApiError(code, `${m.memId}: ${code}; created ${created.join(', ') || 'none'}`, { memIds: created });
      throw e;
    }
    created.push(m.memId!);
  }
  return { memIds: created };
}
