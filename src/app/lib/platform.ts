import { redirect } from '@tanstack/react-router';
import type { Call, ReqOf, ResOf } from '../../contract/define';
import { isApiError, type Api } from './api';

/**
 * The platform console's session: kept apart from every site's (its own key, this tab only), so a
 * site's sign-in never opens the console and the console's never reaches a site.
 */
const KEY = 'pitboss.platform';

export const platformToken = () => sessionStorage.getItem(KEY);
export const setPlatformToken = (token: string | null) => (token ? sessionStorage.setItem(KEY, token) : sessionStorage.removeItem(KEY));

/** The console's guard (its layout route's `beforeLoad`): without a platform session, the platform's login. */
export function requirePlatform() {
  if (!platformToken()) throw redirect({ to: '/platform/login', replace: true });
}

/** A console call with the platform session; an ended session is forgotten. */
export async function platformApi<C extends Call>(api: Api, c: C, body?: ReqOf<C>): Promise<ResOf<C>> {
  try {
    return await api(c, body, { token: platformToken() });
  } catch (err) {
    if (isApiError(err, 'TK001', 'TK002')) setPlatformToken(null);
    throw err;
  }
}

/** The setup link carries its token in the fragment, so no request line or log ever holds it. */
export const setupTokenOf = (hash: string) => hash.replace(/^#/, '').trim();
