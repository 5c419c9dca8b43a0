/** The demo vendor's side of the wallet: signed callbacks through the same checks HTTP vendors pass. */
import type { WalletAction } from '../../../contract/game.js';
import type { Deps } from '../../domain/deps.js';
import type { Vendor, WalletResult } from '../../domain/games/wallet.js';
import { callWalletInProcess } from '../callbacks.js';
import { sign } from '../../domain/games/signature.js';

export type Ctx = Pick<Deps, 'db' | 'live' | 'clock' | 'sites'>;

export async function callWallet(ctx: Ctx, v: Vendor, action: WalletAction, body: Record<string, unknown>): Promise<WalletResult> {
  const raw = JSON.stringify({ siteId: v.siteId, ...body });
  return callWalletInProcess(ctx, v.code, action, raw, sign(v.secret, raw));
}
