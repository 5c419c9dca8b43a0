/**
 * Who makes a wallet callback: the vendor named in its path, of the site named in its body, proved by
 * the body's signature. HTTP vendors and the built-in demo vendor (in process) pass the same checks.
 */
import { ApiError } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import type { SiteRow } from '../site/siteRow.js';
import { verify } from './signature.js';
import { vendorByCode, type Vendor } from './wallet.js';

/**
 * W001 unknown vendor, W002 bad signature, W009 the site is held (suspended or archived: it moves
 * no money and reads none, and the vendor retries until it is resumed).
 */
export async function openWalletCall(
  ctx: Pick<Deps, 'db' | 'sites'>,
  vendorCode: string,
  siteId: unknown,
  raw: string,
  signature: string | null,
): Promise<{ site: SiteRow; vendor: Vendor }> {
  const vendor = typeof siteId === 'string' && siteId ? await vendorByCode(ctx.db, siteId, vendorCode) : null;
  if (!vendor) throw new ApiError('W001');
  if (!verify(vendor.secret, raw, signature)) throw new ApiError('W002');
  const site = await ctx.sites.get(vendor.siteId);
  if (!site || site.state !== 'open') throw new ApiError('W009');
  return { site, vendor };
}
