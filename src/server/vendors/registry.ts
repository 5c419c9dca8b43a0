/**
 * The game providers this server runs beside its wallet: the calls a provider hosted in this
 * process serves (`http/routes.ts` collects them), and the work each needs before a member's game
 * money moves back to cash. The game routes ask the registry, never a provider by name.
 */
import type { VendorAdapter, VendorCtx } from './adapter.js';
import { demoVendor } from './demo/vendor.js';

export const vendorAdapters: readonly VendorAdapter[] = [demoVendor];

/** Every provider settles the member's open play first: the money moved back is then final. */
export async function settleOpenPlay(ctx: VendorCtx, memberId: number): Promise<void> {
  for (const a of vendorAdapters) await a.settleOpen?.(ctx, memberId);
}
