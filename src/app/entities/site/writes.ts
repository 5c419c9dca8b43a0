import type { ReqOf } from '../../../contract/define';
import { adminSecurityCalls } from '../../../contract/admin';
import { adminSiteCalls } from '../../../contract/site';
import { adminTwoFactorCalls } from '../../../contract/twoFactor';
import { siteKey } from '../../lib/queryClient';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { adminSiteKey } from './adminQueries';
import { ipBlockListQueryOptions } from './securityQueries';

/** The operator's site switches: each refreshes the site's admin state. */
export type CheckVars = { startDate: string | null; endDate: string | null };

export function useSiteCheck(prefix: string, screen: ScreenPart<CheckVars>) {
  const api = useApi();
  return useWrite({ run: (v: CheckVars) => api(adminSiteCalls.siteCheck, v), invalidates: [adminSiteKey(prefix)], ...screen });
}

export function useLockBet(prefix: string, screen: ScreenPart<boolean>) {
  const api = useApi();
  return useWrite({ run: (lock: boolean) => api(adminSiteCalls.lockBet, { lockBetYn: lock ? 'Y' : 'N' }), invalidates: [adminSiteKey(prefix)], ...screen });
}

export type CashSwitchVars = { kind: 'inAmtYn' | 'outAmtYn'; open: boolean };

export function useCashSwitch(prefix: string, screen: ScreenPart<CashSwitchVars>) {
  const api = useApi();
  return useWrite({
    run: (v: CashSwitchVars) => api(adminSiteCalls.cashSwitch, { [v.kind]: v.open ? 'Y' : 'N' }),
    invalidates: [adminSiteKey(prefix)],
    ...screen,
  });
}

export type DepositEvents = Record<'signupFirstPct' | 'dailyFirstPct' | 'everyPct', number>;

export function useSaveDepositEvents(prefix: string, screen: ScreenPart<DepositEvents>) {
  const api = useApi();
  return useWrite({ run: (v: DepositEvents) => api(adminSiteCalls.depositEvents, v), invalidates: [adminSiteKey(prefix)], ...screen });
}

export function useSealBodies(prefix: string, screen: ScreenPart<boolean>) {
  const api = useApi();
  return useWrite({ run: (on: boolean) => api(adminSiteCalls.sealBodies, { sealYn: on ? 'Y' : 'N' }), invalidates: [adminSiteKey(prefix)], ...screen });
}

/** Whether operators must sign in with a second step. */
export function useRequireAdminOtp(prefix: string, screen: ScreenPart<boolean>) {
  const api = useApi();
  return useWrite({ run: (on: boolean) => api(adminTwoFactorCalls.adminOtp, { adminOtpYn: on ? 'Y' : 'N' }), invalidates: [adminSiteKey(prefix)], ...screen });
}

/** Signs a member out everywhere (nothing of the operator's to refresh). */
export function useForceLogout(screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({ run: (memId: string) => api(adminSiteCalls.forceLogout, { memId }), invalidates: [], ...screen });
}

export type BannerBody = ReqOf<typeof adminSiteCalls.bannerSave>;

/** Writes or edits a banner or popup; the caller refetches the lists when the editor closes. */
export function useSaveBanner(screen: ScreenPart<BannerBody>) {
  const api = useApi();
  return useWrite({ run: (body: BannerBody) => api(adminSiteCalls.bannerSave, body), invalidates: [], ...screen });
}

/** A deleted banner or popup leaves the admin lists and the site's own. */
export function useDeleteBanner(prefix: string, screen: ScreenPart<{ bannerIdx: number }>) {
  const api = useApi();
  return useWrite({
    run: (r: { bannerIdx: number }) => api(adminSiteCalls.bannerSave, { bannerIdx: r.bannerIdx, delYn: 'Y' }),
    sig: (r) => `delete:${r.bannerIdx}`,
    invalidates: [adminSiteKey(prefix), siteKey(prefix, 'popups'), siteKey(prefix, 'banners')],
    ...screen,
  });
}

/** Lifts an IP block rule. */
export function useUnblockIp(prefix: string, me: string, screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({
    run: (rule: string) => api(adminSecurityCalls.ipBlock, { ip: rule, blockYn: 'N' }),
    invalidates: [ipBlockListQueryOptions(api, prefix, me).queryKey],
    ...screen,
  });
}

/** Blocks an IP or a range; a refusal about the rule is said beside it. */
export function useBlockIp(prefix: string, me: string, screen: ScreenPart<string, unknown, 'ip'>) {
  const api = useApi();
  return useWrite<string, unknown, 'ip'>({
    run: (v) => api(adminSecurityCalls.ipBlock, { ip: v, blockYn: 'Y' }),
    fields: { IP001: 'ip', IP002: 'ip', V001: 'ip' },
    invalidates: [ipBlockListQueryOptions(api, prefix, me).queryKey],
    ...screen,
  });
}
