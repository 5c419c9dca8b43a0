import type { Deps } from '../domain/deps.js';
import type { RouteDef } from '../handler.js';

/** What a provider's hooks get: the handles they need and the member's site. */
export type VendorCtx = Pick<Deps, 'db' | 'live' | 'clock' | 'sites'> & { site: { id: string } };

export interface VendorAdapter {
  /** Calls the provider serves from this server (its game pages and their moves). */
  routes: RouteDef[];
  /** Settles what the member left open with this provider (a round past its time) before game money moves back. */
  settleOpen?: (ctx: VendorCtx, memberId: number) => Promise<void>;
}
