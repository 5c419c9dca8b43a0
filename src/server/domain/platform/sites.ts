import type { PlatformSite } from '../../../contract/platform.js';
import type { AppContext } from '../../context.js';

/** Every site with its member count, oldest first; read-only. */
export async function platformSites({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Promise<PlatformSite[]> {
  const rows = await db
    .selectFrom('site')
    .leftJoin('member', 'member.site_id', 'site.id')
    .select(['site.prefix', 'site.name', 'site.check_start', 'site.check_end'])
    .select((eb) => eb.fn.count<string>('member.id').as('members'))
    .groupBy(['site.id', 'site.prefix', 'site.name', 'site.check_start', 'site.check_end', 'site.created_at'])
    .orderBy('site.created_at')
    .orderBy('site.prefix')
    .execute();
  const now = clock.now().getTime();
  return rows.map((r) => ({
    prefix: r.prefix,
    name: r.name,
    status: r.check_start && r.check_end && new Date(r.check_start).getTime() <= now && now < new Date(r.check_end).getTime() ? 'maintenance' : 'open',
    members: Number(r.members),
  }));
}
