/**
 * A site's settings in site.options and site.languages: written at opening (openSite) and changed
 * afterwards from the console, by the same function, so both write the same keys.
 */
import type { z } from 'zod';
import { ApiError } from '../../../contract/codes.js';
import { languages as allLanguages, type Language } from '../../../contract/enums.js';
import { siteSettingsError } from '../../../contract/platformSiteRules.js';
import type { SiteSettings, siteSettingsForm } from '../../../contract/platformSites.js';
import type { Deps } from '../deps.js';
import { platformAudit, type PlatformActor } from './platformAudit.js';

type Settings = Omit<z.output<typeof siteSettingsForm>, 'prefix'>;
type Ctx = Pick<Deps, 'db' | 'clock' | 'sites'> & { ip?: string | null };

const SNS = [1, 2, 3] as const;
/** Every key `optionsOf` owns: an edit drops them all first, so an emptied SNS slot goes too. */
const ownedKeys = ['defaultLanguage', 'depositMin', 'depositMax', 'withdrawMin', 'quickAmounts', 'depositAccounts', ...SNS.flatMap((n) => [`sns${n}`, `sns${n}Id`, `sns${n}Link`])];

/** The languages column: the default first. */
export const languagesOf = (f: Pick<Settings, 'languages' | 'defaultLanguage'>) => [f.defaultLanguage, ...f.languages.filter((l) => l !== f.defaultLanguage)].join(',');

/** What the site's players and operators read from site.options (siteOptions, moneySettings). */
export function optionsOf(f: Settings) {
  const o: Record<string, unknown> = {
    defaultLanguage: f.defaultLanguage,
    depositMin: f.depositMin,
    depositMax: f.depositMax,
    withdrawMin: f.withdrawMin,
    quickAmounts: [...new Set(f.quickAmounts)].sort((a, b) => a - b),
    depositAccounts: f.depositAccounts,
  };
  f.sns
    .filter((s) => s.name)
    .forEach((s, i) => {
      o[`sns${i + 1}`] = s.name;
      if (s.id) o[`sns${i + 1}Id`] = s.id;
      if (s.link) o[`sns${i + 1}Link`] = s.link;
    });
  return o;
}

/** The settings as stored, read back in the form's shape (the site detail and the audit's before/after). */
export function settingsOf(site: { languages: string; cash_decimal: number; options: Record<string, unknown> | null }): SiteSettings {
  const o = site.options ?? {};
  const num = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : undefined);
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
  const langs = site.languages.split(',').filter((l): l is Language => (allLanguages as readonly string[]).includes(l));
  const accounts = Array.isArray(o.depositAccounts) ? (o.depositAccounts as SiteSettings['depositAccounts']) : [];
  const quick = Array.isArray(o.quickAmounts) ? (o.quickAmounts as unknown[]).filter((q): q is number => typeof q === 'number') : [];
  return {
    languages: langs,
    defaultLanguage: langs[0] ?? 'ko',
    cashDecimal: site.cash_decimal,
    depositMin: num('depositMin'),
    depositMax: num('depositMax'),
    withdrawMin: num('withdrawMin'),
    quickAmounts: quick,
    depositAccounts: accounts.map((a) => ({ bank: a.bank, accountNo: a.accountNo, holder: a.holder })),
    sns: SNS.filter((n) => str(`sns${n}`)).map((n) => ({ name: str(`sns${n}`), id: str(`sns${n}Id`), link: str(`sns${n}Link`) })),
  };
}

/**
 * Changes a site's settings after opening: the open form's codes first (nothing changed on a
 * refusal), then the keys `optionsOf` owns replaced and every other option kept, in one locked
 * read-and-write. Every instance forgets the site; the platform chain holds before and after.
 */
export async function setSiteSettings(ctx: Ctx, actor: PlatformActor, prefix: string, f: Settings) {
  const code = siteSettingsError(f);
  if (code) throw new ApiError(code);
  const { site, before, after } = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('site').select(['id', 'prefix', 'state', 'languages', 'cash_decimal', 'options']).where('prefix', '=', prefix).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError('S404');
    if (row.state === 'archived') throw new ApiError('PO002');
    const kept = Object.fromEntries(Object.entries(row.options ?? {}).filter(([k]) => !ownedKeys.includes(k)));
    const options = { ...kept, ...optionsOf(f) };
    const languages = languagesOf(f);
    await trx
      .updateTable('site')
      .set({ languages, options: JSON.stringify(options) })
      .where('id', '=', row.id)
      .execute();
    return { site: row, before: settingsOf(row), after: settingsOf({ ...row, languages, options }) };
  });
  await ctx.sites.changed(site.id);
  await platformAudit(ctx, actor, 'site.settings', { prefix: site.prefix, before, after });
}
