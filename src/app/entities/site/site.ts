import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { commonCalls } from '../../../contract/common';
import type { siteCalls } from '../../../contract/site';
import type { ResOf } from '../../../contract/define';
import { redirect } from '@tanstack/react-router';
import { isApiError, isOffline, type Api } from '../../lib/api';
import { enterSite } from '../../lib/session/lifecycle';
import { siteKey } from '../../lib/queryClient';
import { session, type Site } from '../../lib/session/store';
import { applySiteBrand, siteLanguage, siteLanguages } from '../../lib/siteBrand';
import { activateLanguage, pickedLanguage } from '../../lib/i18n';
import { useApi } from '../../lib/useApi';

const savedKey = (prefix: string) => `pitboss:${prefix}:site`;

/** The site behind a URL prefix; the last answer is kept so the app still opens offline. */
export const siteQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'info'),
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<Site> => {
      try {
        const site = { ...(await api(commonCalls.site, { prefix })), prefix };
        localStorage.setItem(savedKey(prefix), JSON.stringify(site));
        return site;
      } catch (err) {
        const saved = localStorage.getItem(savedKey(prefix));
        if (isOffline(err) && saved) return JSON.parse(saved) as Site;
        throw err;
      }
    },
  });

/** Maintenance window and the site-wide cash switches; offline the app assumes neither (money is refused offline anyway). */
export const siteCheckQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'check'),
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await api(commonCalls.siteCheckInfo, {});
      } catch (err) {
        if (isOffline(err)) return { startDate: null, endDate: null, inCheck: false, inAmtYn: 'Y' as const, outAmtYn: 'Y' as const, bankClosed: false };
        throw err;
      }
    },
  });

/** The site-wide deposit / withdrawal switches and the bank's hours, read afresh whenever a money screen opens. */
export function useCashSwitch(prefix: string) {
  const api = useApi();
  // read again each minute while a money screen is open: the bank's hours begin and end on the server's clock
  const q = useQuery({ ...siteCheckQueryOptions(api, prefix), refetchOnMount: 'always', refetchInterval: 60_000 });
  return { depositBanned: q.data?.inAmtYn === 'N', withdrawalBanned: q.data?.outAmtYn === 'N', bankClosed: q.data?.bankClosed === true };
}

interface Boot {
  prefix: string;
  site: ResOf<typeof commonCalls.site>;
  check: ResOf<typeof commonCalls.siteCheckInfo>;
  /** for a signed-in shell: the footer's options and the popups it opens with */
  option?: ResOf<typeof commonCalls.siteOption>;
  popups?: ResOf<typeof siteCalls.mainPopupList>;
}

/** What the server embeds in the HTML it sends for /$prefix/…; absent when the service worker served its cached shell. */
function embedded(prefix: string): Boot | null {
  const el = typeof document === 'undefined' ? null : document.getElementById('pitboss-boot');
  if (!el) return null;
  el.remove(); // read once: later visits to the prefix go through the queries
  try {
    const boot = JSON.parse(el.textContent ?? '') as Boot;
    return boot.prefix === prefix ? boot : null;
  } catch {
    return null;
  }
}

/**
 * Fills the site queries before the guard asks, so the first screen waits on no request: from the
 * embedded answers (fresh), else from the last-seen site (stale, so it is refetched in the background).
 */
export function seedSite(client: QueryClient, prefix: string) {
  if (client.getQueryData(siteKey(prefix, 'info'))) return;
  const boot = embedded(prefix);
  if (boot) {
    const site: Site = { ...boot.site, prefix };
    localStorage.setItem(savedKey(prefix), JSON.stringify(site));
    client.setQueryData(siteKey(prefix, 'info'), site);
    client.setQueryData(siteKey(prefix, 'check'), boot.check);
    if (boot.option) client.setQueryData(siteKey(prefix, 'option'), boot.option);
    if (boot.popups) client.setQueryData(siteKey(prefix, 'popups'), boot.popups);
    return;
  }
  try {
    const saved = localStorage.getItem(savedKey(prefix));
    if (saved) client.setQueryData(siteKey(prefix, 'info'), JSON.parse(saved) as Site, { updatedAt: 0 });
  } catch {
    /* a broken copy is fetched again */
  }
}

/** The site guard: unknown site -> `/`, maintenance window -> warning page. */
export async function resolveSite(api: Api, client: QueryClient, prefix: string, onWarningPage: boolean): Promise<Site> {
  let site: Site;
  seedSite(client, prefix);
  try {
    // a stale copy (the saved one a shell without the site's boot starts from, or one older than its
    // staleTime) is asked again before the site opens: the platform may have suspended the site since
    site = await client.fetchQuery(siteQueryOptions(api, prefix));
  } catch (err) {
    // no site on this deployment yet, or one the platform holds: the site route says so
    if (isOffline(err) || isApiError(err, 'PF001', 'SS001', 'SS002')) throw err;
    throw redirect({ to: '/' });
  }
  await enterSite({ api, queryClient: client }, site);
  applySiteBrand(site);
  // a site opens in its own default language until the user picks one, and a language picked on
  // another site shows here only if this site offers it (the pick is kept for the sites that do)
  const picked = pickedLanguage();
  const lang = picked && siteLanguages(site).includes(picked) ? picked : siteLanguage(site);
  if (session.language !== lang) {
    await activateLanguage(lang, false);
    session.language = lang;
  }
  const check = await client.fetchQuery(siteCheckQueryOptions(api, prefix)).catch((err) => {
    if (isApiError(err)) return null;
    throw err;
  });
  if (check?.inCheck && !onWarningPage) {
    throw redirect({ to: '/$prefix/warning', params: { prefix }, search: { reason: 'maintenance' } });
  }
  return site;
}
