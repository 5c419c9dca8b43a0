/** Game launch: the checks in the product's order, game money for transfer vendors, and the session a launch token holds by; the vendor adapter signs the launch. */
import { ApiError } from '../../../contract/codes.js';
import type { Caller } from '../auth/caller.js';
import { refuseWhenLossLimitReached, refuseWhenOnBreak } from '../auth/protection.js';
import type { Db } from '../../db/driver.js';
import type { Deps } from '../deps.js';
import { pushCash } from '../money/cashEvents.js';
import { inCheckWindow, type SiteRow } from '../site/siteRow.js';
import { cashToGame, vendorByCode } from './wallet.js';

/**
 * Checks that `caller` may play the game `req` names (or the vendor's first) now, moves a transfer
 * vendor's game money in, and answers the vendor, the game and both balances after.
 */
export async function prepareLaunch(
  { db, live }: Pick<Deps, 'db' | 'live'>,
  site: SiteRow,
  caller: Pick<Caller, 'id' | 'loginType'>,
  req: { vendorKey?: string; gameType?: string; gameKey?: string },
  now: Date,
) {
  if (caller.loginType !== 'NORMAL') throw new ApiError('B0095');
  const me = await db.selectFrom('member').select(['status', 'login_yn', 'cash_amt']).where('id', '=', caller.id).executeTakeFirstOrThrow();
  if (me.status !== 'ACTIVE' || me.login_yn !== 'Y') throw new ApiError('B1002');
  await refuseWhenOnBreak(db, caller.id, now);
  await refuseWhenLossLimitReached(db, caller.id, now);
  const v = req.vendorKey ? await vendorByCode(db, site.id, req.vendorKey) : null;
  if (!v || (req.gameType && req.gameType !== v.category)) throw new ApiError('B0092');
  // a known game the operator turned off cannot be played (B0091); an unknown one cannot be launched (B0092)
  if (v.status === 'OFF') throw new ApiError('B0091');
  if (inCheckWindow(site, now) || v.status === 'MAINT') throw new ApiError('B0093');
  if (site.lock_bet_yn === 'Y') throw new ApiError('B1001');
  let q = db.selectFrom('game').select(['code', 'status']).where('vendor_id', '=', v.id);
  q = req.gameKey ? q.where('code', '=', req.gameKey) : q.orderBy('ord');
  const game = await q.executeTakeFirst();
  if (!game) throw new ApiError('B0092');
  if (game.status === 'OFF') throw new ApiError('B0091');
  if (game.status === 'MAINT') throw new ApiError('B0093');
  const held = await db.selectFrom('game_wallet').select('balance').where('member_id', '=', caller.id).where('vendor_id', '=', v.id).executeTakeFirst();
  const money = me.cash_amt + (v.walletMode === 'transfer' ? (held?.balance ?? 0) : 0);
  if (money <= 0) throw new ApiError('B6000');
  if (money < v.minBet) throw new ApiError('B6001');
  let cashAmt = me.cash_amt;
  let gameAmt = held?.balance ?? 0;
  if (v.walletMode === 'transfer') {
    const r = await cashToGame(db, site.id, caller.id, v, now);
    await pushCash(live, r.changed);
    ({ cashAmt, gameAmt } = r.result);
  }
  return { vendor: v, game, cashAmt, gameAmt };
}

/** A launch token holds only while the session that launched the game stays open: TK999 when a newer login ended it, TK002 otherwise. */
export async function launchSessionOpen(db: Db, memberId: number, sessionId: number, now: Date) {
  const s = Number.isSafeInteger(sessionId)
    ? await db.selectFrom('session').select(['ended_at', 'end_reason', 'expires_at']).where('id', '=', sessionId).where('member_id', '=', memberId).executeTakeFirst()
    : undefined;
  if (!s) throw new ApiError('TK002');
  if (s.ended_at) throw new ApiError(s.end_reason === 'superseded' ? 'TK999' : 'TK002');
  if (new Date(s.expires_at).getTime() <= now.getTime()) throw new ApiError('TK002');
}
