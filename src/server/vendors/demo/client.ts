/** The demo vendor's side of the wallet: signed callbacks through the same entry HTTP vendors use. */
import { ApiError, type ResultCode } from '../../../contract/codes.js';
import type { WalletAction } from '../../../contract/game.js';
import type { AppContext } from '../../context.js';
import type { Vendor, WalletResult } from '../../domain/games/wallet.js';
import { handleCallback } from '../callbacks.js';
import { sign } from '../signature.js';

export type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'sites'>;

export async function callWallet(ctx: Ctx, v: Vendor, action: WalletAction, body: Record<string, unknown>): Promise<WalletResult> {
  const raw = JSON.stringify({ siteId: v.siteId, ...body });
  const r = await handleCallback(ctx, v.code, action, raw, sign(v.secret, raw));
  if (r.body.resultCode !== '0') throw new ApiError(r.body.resultCode as ResultCode, r.body.resultMessage);
  return r.body.data!;
}
