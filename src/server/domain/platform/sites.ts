import type { PlatformSite } from '../../../contract/platform.js';
import type { Deps } from '../deps.js';
import { inCheckWindow } from '../site/siteRow.js';
import { figuresOf, siteFigures } from './figures.js';
import { siteChainBroken } from '../site/auditAnchor.js';

type SiteState = { state: 'open' | 'suspended' | 'archived'; check_start: Date | null; check_end: Date | null };

/** The platform's hold first, then the operator's maintenance window. */
export const statusOf = (s: SiteState, now: Date): PlatformSite['status'] => (s.state !== 'open' ? s.state : inCheckWindow(s, now) ? 'maintenance' : 'open');

/** Every site with its figures, oldest first; archived ones only when asked (they leave the default view). Read-only. */
export async function platformSites({ db, clock }: Pick<Deps, 'db' | 'clock'>, opts: { archived?: boolean } = {}): Promise<PlatformSite[]> {
  const rows = await db
    .selectFrom('site')
    .select(['id', 'prefix', 'name', 'state', 'check_start', 'check_end'])
    .$if(!opts.archived, (q) => q.where('state', '!=', 'archived'))
    .orderBy('created_at')
    .orderBy('prefix')
    .execute();
  const now = clock.now();
  const figures = await siteFigures(
    db,
    now,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ prefix: r.prefix, name: r.name, status: statusOf(r, now), ...figuresOf(figures, r.id), auditBroken: siteChainBroken(r.id) }));
}
