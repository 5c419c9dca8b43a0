/** One downline member as the detail screens show and edit it. */
import { endSessions } from '../auth/sessions.js';
import type { SessionCache } from '../auth/sessionCache.js';
import { isLocked } from '../auth/lockout.js';
import { ApiError } from '../../../contract/codes.js';
import { pointTypes } from '../../../contract/moneyKinds.js';
import { isNickname, isPhone, normaliseNick } from '../../../contract/validate.js';
import type { Db } from '../../db/driver.js';
import { localName } from '../games/localNames.js';
import { levelName, type MemberRef } from './hierarchy.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf } from '../common/paging.js';
import { uniqueViolation } from '../auth/signup.js';
import { toWire } from '../common/time.js';
import { shownBalances, shownPoint } from '../money/shownBalance.js';
import { protectionState } from '../auth/protection.js';

const PER = 10;

export async function detailInfo(db: Db, siteId: string, m: MemberRef, now: Date, realityDefault: number) {
  const r = await db
    .selectFrom('member as m')
    .leftJoin('member as up', 'up.id', 'm.parent_id')
    .select(['m.cash_amt', shownPoint('m').as('point_amt'), 'm.login_yn', 'm.created_at', 'm.locked_until', 'm.out_locked_until', 'up.mem_id as up_id'])
    .where('m.id', '=', m.id)
    .executeTakeFirstOrThrow();
  return {
    partnerInfo: {
      siteId,
      memId: m.memId,
      memNick: m.memNick,
      cashBalance: r.cash_amt,
      pointBalance: r.point_amt,
      loginYn: r.login_yn === 'N' ? ('N' as const) : ('Y' as const),
      joinDate: toWire(r.created_at),
      partnerLevel: m.partnerLevel,
      partnerLevelName: levelName(m.partnerLevel),
      lockYn: isLocked(r.locked_until, now) || isLocked(r.out_locked_until, now) ? ('Y' as const) : ('N' as const),
      ...(r.up_id ? { recommenderId: r.up_id } : {}),
    },
    protection: m.partnerLevel === 'NORMAL' ? await protectionState(db, m.id, now, realityDefault) : null,
  };
}

/** A member's balances and its open cash requests (applied or waiting), for whoever answers it. */
export async function memberContext(db: Db, m: MemberRef) {
  const [balance, open] = await Promise.all([
    shownBalances(db, m.id),
    db
      .selectFrom('cash_request')
      .select(['id', 'cash_type', 'amount', 'status', 'created_at'])
      .where('member_id', '=', m.id)
      .where('status', 'in', [0, 2])
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return {
    memId: m.memId,
    memNick: m.memNick,
    ...balance,
    openRequests: open.map((r) => ({ cashIdx: r.id, cashType: r.cash_type, cashAmt: r.amount, cashStatus: r.status, regDate: toWire(r.created_at) })),
  };
}

async function taken(db: Db, siteId: string, column: 'mem_nick' | 'mem_phone', value: string, exceptId: number) {
  const row = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where(column, '=', value).where('id', '<>', exceptId).executeTakeFirst();
  return !!row;
}

async function update(db: Db, id: number, values: { mem_nick?: string; login_yn?: string; mem_phone?: string }, now: Date) {
  try {
    await db
      .updateTable('member')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  } catch (e) {
    // another member took the value between the check and the update
    const code = uniqueViolation(e);
    if (code) throw new ApiError(code);
    throw e;
  }
}

/** The fields the detail screen's save changes, as the audit records them before and after. */
export const detailAccess = (db: Db, memberId: number) =>
  db.selectFrom('member').select(['mem_nick as memNick', 'login_yn as loginYn']).where('id', '=', memberId).executeTakeFirstOrThrow();

/** Nickname (U105 format, U110 taken) and login permission; login N also ends the member's open sessions. */
export async function saveDetail(db: Db, sessions: SessionCache, siteId: string, m: MemberRef, input: { memNick?: string; loginYn?: 'Y' | 'N' }, now: Date) {
  const f = { ...input, memNick: normaliseNick(input.memNick) };
  const values: { mem_nick?: string; login_yn?: string } = {};
  if (f.memNick !== undefined && f.memNick !== m.memNick) {
    if (!isNickname(f.memNick)) throw new ApiError('U105');
    if (await taken(db, siteId, 'mem_nick', f.memNick, m.id)) throw new ApiError('U110');
    values.mem_nick = f.memNick;
  }
  if (f.loginYn) values.login_yn = f.loginYn;
  if (!Object.keys(values).length) return;
  await update(db, m.id, values, now);
  if (f.loginYn === 'N') {
    await endSessions(db, sessions, { memberId: m.id }, now, 'login-blocked');
  }
}

/** Phone change: U114 format, U111 taken. */
export async function updatePhone(db: Db, siteId: string, m: MemberRef, memPhone: string | undefined, now: Date) {
  const phone = memPhone?.trim() ?? '';
  if (!isPhone(phone)) throw new ApiError('U114');
  if (await taken(db, siteId, 'mem_phone', phone, m.id)) throw new ApiError('U111');
  await update(db, m.id, { mem_phone: phone }, now);
}

export async function loginLog(db: Db, memberId: number, page: number) {
  const q = db.selectFrom('login_log').where('member_id', '=', memberId);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['access_ip', 'access_date'])
    .orderBy('access_date', 'desc')
    .orderBy('id', 'desc')
    .limit(PER)
    .offset((page - 1) * PER)
    .execute();
  return {
    loginLog: rows.map((r) => ({ accessIp: r.access_ip ?? '', accessDate: toWire(r.access_date) })),
    pageInfo: pageInfoOf(page, Number(n), PER),
  };
}

/**
 * Rolling points credited to the member (point type 3); vendor and game are the bet's (gameIdx) in
 * the caller's language, else the names the entry's detail kept.
 */
export async function rollingLog(db: Db, memberId: number, range: Range, page: number, locale: string) {
  const q = db
    .selectFrom('ledger_entry')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'point')
    .where('type_code', '=', pointTypes.rolling)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['amount', 'created_at', 'detail'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PER)
    .offset((page - 1) * PER)
    .execute();
  const text = (d: Record<string, unknown> | null, k: string) => (typeof d?.[k] === 'string' ? (d[k] as string) : '');
  const betOf = (d: Record<string, unknown> | null) => (Number.isSafeInteger(d?.gameIdx) ? (d!.gameIdx as number) : null);
  const betIds = [...new Set(rows.map((r) => betOf(r.detail)).filter((id) => id !== null))];
  const names = betIds.length
    ? await db
        .selectFrom('bet as b')
        .innerJoin('game as g', 'g.id', 'b.game_id')
        .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
        .select(['b.id', localName('v', locale, 'vendorName'), localName('g', locale, 'gameName')])
        .where('b.id', 'in', betIds)
        .execute()
    : [];
  const byBet = new Map(names.map((n) => [n.id, n]));
  return {
    rollingLog: rows.map((r) => {
      const shown = byBet.get(betOf(r.detail) ?? -1);
      return {
        vendorName: shown?.vendorName ?? text(r.detail, 'vendorName'),
        gameName: shown?.gameName ?? text(r.detail, 'gameName'),
        pointAmt: r.amount,
        updDate: toWire(r.created_at),
      };
    }),
    pageInfo: pageInfoOf(page, Number(n), PER),
  };
}
