import { inCheckWindow } from '../domain/site/siteRow.js';
import { ApiError } from '../../contract/codes.js';
import { commonCalls } from '../../contract/common.js';
import { codeName, partnerLevels } from '../../contract/enums.js';
import { toWire } from '../domain/common/time.js';
import { inBankMaintenance } from '../domain/money/cashRules.js';
import { cashSwitchOf } from '../domain/site/moneySettings.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';
import { anySite } from '../domain/platform/setup.js';
import { readBanks, readCodes } from '../domain/platform/siteCodes.js';
import { assertSiteOpen } from '../domain/platform/siteState.js';

export const commonRoutes = [
  defineRoute(commonCalls.site, async ({ prefix }, { sites, db }) => {
    const site = await sites.getByPrefix(prefix);
    // a deployment with no site yet says so, rather than "unknown site"
    if (!site) throw new ApiError((await anySite(db)) ? 'S404' : 'PF001');
    // the app shows its "suspended" page from this answer
    assertSiteOpen(site);
    return {
      siteId: site.id,
      apiKey: site.api_key,
      siteName: site.name,
      vendor: site.vendor,
      cashDecimal: site.cash_decimal,
      languages: site.languages.split(',') as ('ko' | 'en' | 'vn')[],
      sealYn: site.seal_yn,
      // a site without a brand wears the app's own colour and icons
      ...(site.theme_color ? { brand: { shortName: site.short_name ?? site.name, themeColor: site.theme_color } } : {}),
    };
  }),

  defineRoute(commonCalls.siteCheckInfo, async (_req, { site, clock }) => {
    return {
      startDate: site.check_start ? toWire(site.check_start) : null,
      endDate: site.check_end ? toWire(site.check_end) : null,
      inCheck: inCheckWindow(site, clock.now()),
      bankClosed: inBankMaintenance(clock.now()),
      // the site row is kept fresh on every instance by the operator's changes
      ...cashSwitchOf(site.options),
    };
  }),

  defineRoute(commonCalls.siteOption, async (_req, { site }) => ({ cashDecimal: site.cash_decimal, ...siteOptions(site) })),

  defineRoute(commonCalls.code, async (req, { db }) => ({ data: { codes: await readCodes(db, req) } })),

  defineRoute(commonCalls.partnerLevels, async () => ({
    list: partnerLevels.map((code, i) => ({ code, codeName: codeName('partnerLevel', code), order: i + 1 })),
  })),

  defineRoute(commonCalls.bank, async (_req, { db }) => ({ list: await readBanks(db) })),
];
