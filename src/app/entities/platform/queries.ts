import { queryOptions } from '@tanstack/react-query';
import { platformCalls } from '../../../contract/platform';
import { platformInviteCalls } from '../../../contract/platformInvites';
import { platformOpsCalls } from '../../../contract/platformOps';
import { platformSiteCalls } from '../../../contract/platformSites';
import { platformStaffCalls } from '../../../contract/platformStaff';
import type { Api } from '../../lib/api';
import { platformApi } from '../../lib/platform';

/**
 * Keys: `['platform', ...]` for the console's data, apart from every site's (`['site', prefix, ...]`):
 * the console's session is its own. `platformKey()` alone is everything the console shows.
 */
export const platformKey = (...rest: unknown[]) => ['platform', ...rest] as const;

/** The deployment's sites with today's figures (the console's home). */
export const platformSitesQueryOptions = (api: Api) => queryOptions({ queryKey: platformKey('sites'), queryFn: () => platformApi(api, platformCalls.sites, {}) });

/** One site as the console sees it. */
export const platformSiteQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: platformKey('site', prefix), queryFn: () => platformApi(api, platformOpsCalls.site, { prefix }) });

/** A site's sandbox vendor credentials. */
export const sandboxQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: platformKey('sandbox', prefix), queryFn: () => platformApi(api, platformOpsCalls.sandboxList, { prefix }) });

/** Every open invitation, operator and staff links. */
export const invitesQueryOptions = (api: Api) => queryOptions({ queryKey: platformKey('invites'), queryFn: () => platformApi(api, platformInviteCalls.list, {}) });

/** The platform's accounts, and who the caller is among them. */
export const staffQueryOptions = (api: Api) => queryOptions({ queryKey: platformKey('staff'), queryFn: () => platformApi(api, platformStaffCalls.list, {}) });

/** What a new site may choose from (vendors, languages, money units): fixed for the deployment's life. */
export const catalogQueryOptions = (api: Api) =>
  queryOptions({ queryKey: platformKey('catalog'), queryFn: () => platformApi(api, platformSiteCalls.catalog, {}), staleTime: Infinity });

/** The owner's setup link or a staff join link: its authenticator secret, asked once for the token. */
export const enrolStartQueryOptions = (api: Api, kind: 'owner' | 'staff', token: string) =>
  queryOptions({
    queryKey: platformKey(kind, token),
    queryFn: () => (kind === 'owner' ? api(platformCalls.setupStart, { token }) : api(platformStaffCalls.joinStart, { token })),
    retry: false,
    staleTime: Infinity,
  });

/** A site operator's invitation link: still good, and for which site. */
export const inviteCheckQueryOptions = (api: Api, prefix: string, token: string) =>
  queryOptions({
    queryKey: ['invite', prefix, token],
    queryFn: () => api(platformSiteCalls.inviteCheck, { prefix, token }),
    retry: false,
    staleTime: Infinity,
  });
