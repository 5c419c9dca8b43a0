/**
 * A new site's first-day checklist, read from the database each time: what a site needs before
 * its players can deposit and play, and the operator's own two-factor.
 */
import { firstDayKeys, type FirstDayKey } from '../../../contract/admin.js';
import type { Db } from '../../db/driver.js';

const exists = async (q: Promise<unknown>) => (await q) !== undefined;

export async function firstDayChecklist(db: Db, site: { id: string; options: Record<string, unknown> | null }, operatorId: number) {
  const member = (loginType: string) => db.selectFrom('member').select('id').where('site_id', '=', site.id).where('login_type', '=', loginType).limit(1).executeTakeFirst();
  const [vendors, brand, firstPartner, firstPlayer, twoFactor] = await Promise.all([
    exists(db.selectFrom('vendor').select('id').where('site_id', '=', site.id).where('status', '<>', 'OFF').where('sandbox', '=', false).limit(1).executeTakeFirst()),
    exists(db.selectFrom('site_icon').select('site_id').where('site_id', '=', site.id).where('kind', '=', 'logo').executeTakeFirst()),
    exists(member('PARTNER')),
    exists(member('NORMAL')),
    exists(db.selectFrom('member_totp').select('member_id').where('member_id', '=', operatorId).where('enabled_at', 'is not', null).executeTakeFirst()),
  ]);
  // the platform writes the deposit accounts into the site's options when it opens or edits the site
  const accounts = site.options?.depositAccounts;
  const depositAccount = Array.isArray(accounts) && accounts.some((a: { accountNo?: unknown }) => typeof a?.accountNo === 'string' && a.accountNo !== '');
  const done: Record<FirstDayKey, boolean> = { depositAccount, vendors, brand, firstPartner, firstPlayer, twoFactor };
  const items = firstDayKeys.map((key) => ({ key, done: done[key] }));
  return { items, allDone: items.every((i) => i.done) };
}
