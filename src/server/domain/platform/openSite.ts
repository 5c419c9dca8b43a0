import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { openSiteError } from '../../../contract/platformSiteRules.js';
import type { openSiteForm } from '../../../contract/platformSites.js';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { seedCodes } from './siteCodes.js';
import { demoCatalog, ensureDemoVendors } from '../games/demoCatalog.js';
import { fromWire } from '../common/time.js';
import { issueInvite } from './invite.js';
import { languagesOf, optionsOf } from './siteSettings.js';

type Form = z.output<typeof openSiteForm>;
type Ctx = Pick<Deps, 'db' | 'clock'>;

/** The game vendors a site may take: the built-in catalogue. */
export const vendorCatalog = () => demoCatalog.map((v) => ({ code: v.code, name: v.name, category: v.category }));

/**
 * Opens a site: every check first (each field's code, then a taken prefix, PF022), then in one
 * transaction its row, the shared code tables a database without the demo lacks, the chosen game
 * vendors with their games, its audit chain's start, a maintenance window's scheduled notice, and
 * its first operator's invitation. Rows only: no schema per site. No member and no password is
 * made: the invited operator chooses theirs. The caller then calls `sites.changed`.
 */
export async function openSite({ db, clock }: Ctx, by: number, f: Form) {
  const code = openSiteError(f);
  if (code) throw new ApiError(code);
  const known = new Set(demoCatalog.map((v) => v.code));
  if (f.vendors.some((v) => !known.has(v)) || new Set(f.vendors).size !== f.vendors.length) throw new ApiError('PF030');
  const now = clock.now();
  const siteId = f.prefix;
  const checkStart = f.checkStart ? fromWire(f.checkStart) : null;
  const checkEnd = f.checkEnd ? fromWire(f.checkEnd) : null;
  const taken = await db
    .selectFrom('site')
    .select('id')
    .where((eb) => eb.or([eb('prefix', '=', f.prefix), eb('id', '=', siteId)]))
    .executeTakeFirst();
  if (taken) throw new ApiError('PF022');
  const invite = await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('site')
        .values({
          id: siteId,
          prefix: f.prefix,
          name: f.name.trim(),
          api_key: randomBytes(24).toString('base64url'),
          vendor: f.vendorMode,
          cash_decimal: f.cashDecimal,
          languages: languagesOf(f),
          options: JSON.stringify(optionsOf(f)),
          check_start: checkStart,
          check_end: checkEnd,
        })
        .execute();
      await seedCodes(trx);
      await ensureDemoVendors(trx, siteId, f.vendors);
      // the chain's start, as the first audited call would make it
      await trx
        .insertInto('audit_chain_head')
        .values({ site_id: siteId, last_seq: 0, last_hash: Buffer.alloc(32) })
        .execute();
      // the window's start notice, as setCheckWindow schedules it (scheduleInspect opens a transaction of its own)
      if (checkStart && checkStart > now) await sql`insert into scheduled_push (site_id, kind, fire_at) values (${siteId}, 'INSPECT', ${checkStart}::timestamptz)`.execute(trx);
      return issueInvite(trx, siteId, by, now);
    })
    // another open took the prefix at the same moment
    .catch((err: unknown) => {
      throw (err as { code?: string }).code === '23505' ? new ApiError('PF022') : err;
    });
  return { siteId, prefix: f.prefix, invite };
}
