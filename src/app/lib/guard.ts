import { redirect } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError, isOffline } from './api';
import { alert } from './dialogs';
import { seedSite, siteCheckQueryOptions, siteQueryOptions } from './site';
import { enterSite } from './session/lifecycle';
import { isLoggedIn, session, type Site } from './session/store';

export type ShellKind = 'player' | 'partner' | 'admin';

/** Where each kind of user lands. */
export function dashboardOf(kind: ShellKind | null) {
  if (kind === 'partner') return '/$prefix/partnerMain' as const;
  if (kind === 'admin') return '/$prefix/admin' as const;
  return '/$prefix/main' as const;
}

export function loginOf(kind: ShellKind | null) {
  if (kind === 'partner') return '/$prefix/login' as const;
  if (kind === 'admin') return '/$prefix/admin/login' as const;
  return '/$prefix' as const;
}

export function kindOf(loginType: string | null | undefined): ShellKind | null {
  if (!loginType) return null;
  if (loginType === 'PARTNER' || loginType === 'P_NORMAL') return 'partner';
  if (loginType === 'ADMIN') return 'admin';
  return 'player';
}

export const currentKind = () => (isLoggedIn() ? kindOf(session.member?.loginType) : null);

/** The site guard: unknown site -> `/`, maintenance window -> warning page. */
export async function resolveSite(client: QueryClient, prefix: string, onWarningPage: boolean): Promise<Site> {
  let site: Site;
  seedSite(client, prefix);
  try {
    site = await client.ensureQueryData({ ...siteQueryOptions(prefix), revalidateIfStale: true });
  } catch (err) {
    if (isOffline(err)) throw err;
    throw redirect({ to: '/' });
  }
  await enterSite(site);
  const check = await client.fetchQuery(siteCheckQueryOptions(prefix)).catch((err) => {
    if (isApiError(err)) return null;
    throw err;
  });
  if (check?.inCheck && !onWarningPage) {
    throw redirect({ to: '/$prefix/warning', params: { prefix }, search: { reason: 'maintenance' } });
  }
  return site;
}

/** Guarded routes: logged-out visitors get the login-required alert and go to the right login. */
export async function requireShell(prefix: string, kind: ShellKind, preload = false): Promise<void> {
  const current = currentKind();
  if (current === kind) return;
  if (current) throw redirect({ to: dashboardOf(current), params: { prefix } });
  // a hover preload must not pop the alert
  if (!preload) await alert(t`로그인이 필요합니다.`);
  throw redirect({ to: loginOf(kind), params: { prefix } });
}

/** Guest-only routes send a logged-in user to their dashboard. */
export function requireGuest(prefix: string) {
  const current = currentKind();
  if (current) throw redirect({ to: dashboardOf(current), params: { prefix } });
}
