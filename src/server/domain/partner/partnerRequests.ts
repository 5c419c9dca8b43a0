/** The operator's side of lower-partner requests: list, approve (the partner is created), reject. */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { levelName, nextPartnerLevel } from './hierarchy.js';
import { gameCategories, type GameCategory } from '../../../contract/game.js';
import { createMember } from '../auth/members.js';
import { pageInfoOf } from '../common/paging.js';
import { setRatesDirect } from './rates.js';
import { uniqueViolation } from '../auth/signup.js';
import { toWire } from '../common/time.js';

export async function listRequests(db: Db, siteId: string, f: { status?: number; page: number; perPage: number }) {
  let q = db
    .selectFrom('partner_request as r')
    .innerJoin('member as p', 'p.id', 'r.parent_id')
    .innerJoin('member as by', 'by.id', 'r.requested_by')
    .where('r.site_id', '=', siteId);
  if (f.status !== undefined) q = q.where('r.status', '=', f.status);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select([
      'r.id',
      'r.mem_id',
      'r.mem_nick',
      'r.mem_name',
      'r.mem_phone',
      'r.bank',
      'r.bank_acc',
      'r.partner_level',
      'r.rates',
      'r.status',
      'r.memo',
      'r.created_at',
      'r.updated_at',
      'p.mem_id as parent_mem_id',
      'by.mem_id as by_mem_id',
    ])
    .orderBy('r.id', 'desc')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      reqIdx: r.id,
      memId: r.mem_id,
      memNick: r.mem_nick,
      memName: r.mem_name,
      memPhone: r.mem_phone,
      bank: r.bank,
      bankAcc: r.bank_acc,
      recommenderId: r.parent_mem_id,
      requestedBy: r.by_mem_id,
      partnerLevel: r.partner_level,
      partnerLevelName: levelName(r.partner_level),
      rateList: r.rates,
      status: r.status,
      memo: r.memo ?? '',
      regDate: toWire(r.created_at),
      updDate: toWire(r.updated_at),
    })),
    pageInfo: pageInfoOf(f.page, Number(n), f.perPage),
  };
}

/** Operator approval: the partner is created under the requested parent with the requested hashes. */
export async function approveRequest(db: Db, siteId: string, operatorId: number, reqIdx: number, now: Date) {
  const req = await db
    .updateTable('partner_request')
    .set({ status: 1, processed_by: operatorId, updated_at: now })
    .where('id', '=', reqIdx)
    .where('site_id', '=', siteId)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!req) throw await notWaiting(db, siteId, reqIdx);
  const undo = () => db.updateTable('partner_request').set({ status: 0, processed_by: null }).where('id', '=', req.id).execute();
  const parent = await db.selectFrom('member').select(['partner_level', 'login_type', 'status']).where('id', '=', req.parent_id).executeTakeFirstOrThrow();
  if (parent.status !== 'ACTIVE' || nextPartnerLevel({ partnerLevel: parent.partner_level, loginType: parent.login_type }) !== req.partner_level) {
    await undo();
    throw new ApiError('A001', 'The parent can no longer have this partner');
  }
  let id: number;
  try {
    // createMember hashes a password it is given; the request only holds hashes, so they replace a throw-away one
    id = await createMember(db, {
      siteId,
      memId: req.mem_id,
      password: randomBytes(18).toString('base64url'),
      memNick: req.mem_nick,
      memName: req.mem_name,
      memPhone: req.mem_phone,
      bank: req.bank,
      bankAcc: req.bank_acc,
      partnerLevel: req.partner_level,
      loginType: 'PARTNER',
      parentId: req.parent_id,
    });
  } catch (e) {
    await undo();
    const code = uniqueViolation(e);
    if (code) throw new ApiError(code);
    throw e;
  }
  await db.updateTable('member').set({ pass_hash: req.pass_hash, cash_out_pass_hash: req.cash_out_pass_hash }).where('id', '=', id).execute();
  await db.updateTable('partner_request').set({ member_id: id }).where('id', '=', req.id).execute();
  // the rates were checked against the parent's bounds when the request was made
  const rates = ((req.rates ?? []) as { category: string; pointRate: number; loseRate: number }[]).filter(
    (r): r is { category: GameCategory; pointRate: number; loseRate: number } => (gameCategories as readonly string[]).includes(r.category),
  );
  if (rates.length) await setRatesDirect(db, siteId, operatorId, id, rates, now);
  return { memId: req.mem_id };
}

export async function rejectRequest(db: Db, siteId: string, operatorId: number, reqIdx: number, memo: string | undefined, now: Date) {
  const r = await db
    .updateTable('partner_request')
    .set({ status: -1, processed_by: operatorId, memo: memo ?? null, updated_at: now })
    .where('id', '=', reqIdx)
    .where('site_id', '=', siteId)
    .where('status', '=', 0)
    .returning('id')
    .executeTakeFirst();
  if (!r) throw await notWaiting(db, siteId, reqIdx);
}

async function notWaiting(db: Db, siteId: string, reqIdx: number) {
  const r = await db.selectFrom('partner_request').select('id').where('id', '=', reqIdx).where('site_id', '=', siteId).executeTakeFirst();
  return r ? new ApiError('T999') : new ApiError('V001', 'reqIdx: no such request');
}
