/**
 * The game providers this server runs beside its wallet: the calls a provider hosted in this
 * process serves, and the work each needs before a member's game money moves back to cash.
 * The game routes ask the registry, never a provider by name.
 */
import type { RouteDef } from '../http/route.js';
import type { VendorAdapter, VendorCtx } from './adapter.js';
import { demoVendor } from './demo/vendor.js';

const adapters: VendorAdapter[] = [demoVendor];

export const vendorRoutes: RouteDef[] = adapters.flatMap((a) => a.routes);

/** Every provider settles the member's open play first: the money moved back is then final. */
export async function settleOpenPlay(ctx: VendorCtx, memberId: number): Promise<void> {
  for (const a of adapters) await a.settleOpen?.(ctx, memberId);
}
