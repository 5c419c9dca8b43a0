/** Game launch: the checks in the product's order, game money for transfer vendors, the game page URL. */
import { ApiError } from '../../contract/codes.js';
import type { AuthedContext } from '../context.js';
import { inCheckWindow } from '../domain/site/siteRow.js';
import { toWire } from '../domain/common/time.js';
import { cashToGame, vendorByCode } from '../domain/games/wallet.js';
import { pushCash } from '../domain/money/cashEvents.js';
import { LAUNCH_MS, launchToken } from './launchToken.js';
import { refuseWhenLossLimitReached, refuseWhenOnBreak } from '../domain/auth/protection.js';

export async function launchGame(ctx: AuthedContext, req: { vendorKey?: string; gameType?: string; gameKey?: string }) {
  const { db, site, caller } = ctx;
  const now = ctx.clock.now();
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
    pushCash(ctx.live, r.changed);
    ({ cashAmt, gameAmt } = r.result);
  }
  const expires = now.getTime() + LAUNCH_MS;
  const token = launchToken(v, { siteId: site.id, memberId: caller.id, memId: caller.memId, vendorCode: v.code, gameCode: game.code, expires, sessionId: caller.sessionId });
  return {
    gameurl: `/${site.prefix}/game/${encodeURIComponent(v.code)}/${encodeURIComponent(game.code)}?t=${encodeURIComponent(token)}`,
    token,
    vendorCode: v.code,
    gameCode: game.code,
    walletMode: v.walletMode,
    cashAmt,
    gameAmt,
    expiresAt: toWire(new Date(expires)),
  };
}
