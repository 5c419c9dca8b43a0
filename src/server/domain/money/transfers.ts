import { ApiError, type ResultCode } from '../../../contract/codes.js';
import { cashTypes, pointTypes } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { runMoney, systemAccounts, type MoneyResult } from './ledger.js';

/** Who asks for a movement, with which client request id, at what time. */
export interface Actor {
  siteId: string;
  id: number;
  requestKey: string | null;
  call: string;
  at: Date;
  /** hash of the request body: a request id reused with another body is refused (C998) */
  bodyHash?: string | null;
}

export async function findMember(db: Db, siteId: string, memId: string | undefined | null) {
  if (!memId) return undefined;
  return db
    .selectFrom('member')
    .select(['id', 'mem_id', 'mem_nick', 'parent_id', 'login_type', 'status', 'cash_amt', 'point_amt', 'out_amt_yn', 'cash_out_pass_hash'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId)
    .where('login_type', '<>', 'HOUSE')
    .executeTakeFirst();
}

/** The money call an actor makes: its request id and body hash keyed per caller. */
export const callOf = (a: Actor) => ({ siteId: a.siteId, actorId: a.id, requestKey: a.requestKey, call: a.call, at: a.at, bodyHash: a.bodyHash ?? null });

type Direction = 'give' | 'retrieve';
const codes: Record<Direction, { perm: ResultCode; target: ResultCode; amount: ResultCode }> = {
  give: { perm: 'C301', target: 'C302', amount: 'C303' },
  retrieve: { perm: 'C401', target: 'C402', amount: 'C403' },
};

export interface PartnerMoveResult {
  memId: string;
  /** the member's balance after the movement */
  cashAmt: number;
  pointAmt: number;
  /** the partner's own balance after the movement */
  myCashAmt: number;
  myPointAmt: number;
}

/**
 * A partner gives to or retrieves from a DIRECT child, cash (give -3/33, retrieve 3/-33) or points (2 / -2).
 * Give beyond the partner's own holdings answers C202 (cash) or P002 (points); retrieve beyond the
 * child's holdings C702 (cash) or P002 (points).
 */
export async function partnerMove(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; memo?: string | null; direction: Direction; kind: 'cash' | 'point' },
): Promise<MoneyResult<PartnerMoveResult>> {
  const c = codes[p.direction];
  let targetId = 0;
  const pre = async () => {
    // points: C601 give / C701 retrieve amount needed (the player's own conversion keeps P001)
    if (!p.amount) throw new ApiError(p.kind === 'point' ? (p.direction === 'give' ? 'C601' : 'C701') : c.amount);
    const target = await findMember(db, actor.siteId, p.memId);
    if (!target || target.parent_id !== actor.id) throw new ApiError(c.target);
    targetId = target.id;
  };
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([actor.id, targetId]);
    const me = m.account(actor.id);
    const child = m.account(targetId);
    if (me.loginType !== 'PARTNER' || me.status !== 'ACTIVE') throw new ApiError(c.perm);
    if (child.parentId !== me.id) throw new ApiError(c.target);
    const give = p.direction === 'give';
    const [from, to] = give ? [me.id, child.id] : [child.id, me.id];
    if (p.kind === 'cash') {
      m.transfer({
        kind: 'cash', from, to, amount: p.amount!, memo: p.memo,
        fromType: give ? cashTypes.holdingsGrant : cashTypes.upperRecovery,
        toType: give ? cashTypes.upperGrant : cashTypes.holdingsRecovery,
        short: give ? 'C202' : 'C702',
      });
    } else {
      const type = give ? pointTypes.managerPay : pointTypes.managerRetrieval;
      m.transfer({ kind: 'point', from, to, amount: p.amount!, memo: p.memo, fromType: type, toType: type, short: 'P002' });
    }
    return { memId: child.memId, cashAmt: child.cash, pointAmt: child.point, myCashAmt: me.cash, myPointAmt: me.point };
  }, pre);
}

/** The operator grants (mode 2) or recovers (mode -2) cash or points against the house. */
export async function adminGrant(
  db: Db,
  actor: Actor,
  p: { memId?: string; amount?: number; mode: 2 | -2; memo?: string | null; kind?: 'cash' | 'point' },
): Promise<MoneyResult<{ memId: string; cashAmt: number; pointAmt: number }>> {
  const kind = p.kind ?? 'cash';
  let targetId = 0;
  const pre = async () => {
    if (!p.amount) throw new ApiError(kind === 'point' ? 'P001' : 'C206');
    const target = await findMember(db, actor.siteId, p.memId);
    if (!target) throw new ApiError('U001');
    targetId = target.id;
  };
  const { house } = await systemAccounts(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([house, targetId]);
    const t = m.account(targetId);
    const [from, to] = p.mode === 2 ? [house, t.id] : [t.id, house];
    m.transfer({ kind, from, to, amount: p.amount!, memo: p.memo, fromType: p.mode, toType: p.mode, short: kind === 'cash' ? 'C202' : 'P002' });
    return { memId: t.memId, cashAmt: t.cash, pointAmt: t.point };
  }, pre);
}
