import type { Language } from '../../../contract/enums';
import type { ReqOf, ResOf } from '../../../contract/define';
import { adminSecurityCalls } from '../../../contract/admin';
import { memberCalls } from '../../../contract/member';
import { partnerCalls } from '../../../contract/partner';
import { protectionCalls } from '../../../contract/protection';
import { adminTwoFactorCalls, twoFactorCalls } from '../../../contract/twoFactor';
import { disablePush, enablePush } from '../../lib/push';
import { userKey } from '../../lib/queryClient';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { fieldOfCode, type InfoEditForm } from './infoEdit';
import { memberStateQueryOptions } from '../cash/queueQueries';
import { twoFactorStateQueryOptions } from './twoFactorQueries';

/** The member changes its password or withdrawal password; a refusal about one field is said beside it. */
export function useUpdateAccount(memId: string, screen: ScreenPart<InfoEditForm, unknown, keyof InfoEditForm>) {
  const api = useApi();
  return useWrite({ fields: fieldOfCode, run: (form: InfoEditForm) => api(memberCalls.update, { memId, ...form }), ...screen });
}

/** The reality-check interval: a select that saves as it changes, without the overlay. */
export function useSetRealityCheck() {
  const api = useApi();
  return useWrite({ overlay: false, run: (minutes: number | null) => api(protectionCalls.realityCheck, { minutes }) });
}

export type PauseVars = { kind: 'break' | 'exclusion'; length: number };

/** A break or self-exclusion; the member is signed out after it (nothing of its own to refresh). */
export function useTakeBreak(screen: ScreenPart<PauseVars, ResOf<typeof protectionCalls.takeBreak>>) {
  const api = useApi();
  return useWrite({ run: (v: PauseVars) => api(protectionCalls.takeBreak, v), invalidates: [], ...screen });
}

export type LimitVars = ReqOf<typeof protectionCalls.limits>;

/** Sets or removes one limit (raising or removing carries the current password). */
export function useSetLimit(screen: ScreenPart<LimitVars>) {
  const api = useApi();
  return useWrite({ run: (v: LimitVars) => api(protectionCalls.limits, v), ...screen });
}

/** Two-factor enrolment starts with the current password: its secret and QR, kept by the screen only. */
export function useStartTwoFactor(screen: ScreenPart<string, ResOf<typeof twoFactorCalls.setup>>) {
  const api = useApi();
  return useWrite({ run: (memPass: string) => api(twoFactorCalls.setup, { memPass }), invalidates: [], ...screen });
}

/** The first code turns it on; the answer holds the recovery codes. */
export function useEnableTwoFactor(prefix: string, memId: string, screen: ScreenPart<string, ResOf<typeof twoFactorCalls.enable>>) {
  const api = useApi();
  const key = twoFactorStateQueryOptions(api, prefix, memId).queryKey;
  return useWrite({ run: (otpCode: string) => api(twoFactorCalls.enable, { otpCode }), invalidates: [key], ...screen });
}

export type DisableVars = ReqOf<typeof twoFactorCalls.disable>;

export function useDisableTwoFactor(prefix: string, memId: string, screen: ScreenPart<DisableVars>) {
  const api = useApi();
  const key = twoFactorStateQueryOptions(api, prefix, memId).queryKey;
  return useWrite({ run: (f: DisableVars) => api(twoFactorCalls.disable, f), invalidates: [key], ...screen });
}

/** The operator declines the two-factor offer for now. */
export function useTwoFactorLater(screen: ScreenPart<null>) {
  const api = useApi();
  return useWrite({ run: (_: null) => api(twoFactorCalls.offerLater, {}), invalidates: [], ...screen });
}

/** This device's notifications on (the answer: whether the browser allowed them) or off. */
export function useEnablePush(screen: ScreenPart<{ lang: Language; curPass: string }, boolean>) {
  const api = useApi();
  return useWrite({ run: (v: { lang: Language; curPass: string }) => enablePush(api, v.lang, v.curPass), invalidates: [], ...screen });
}

export function useDisablePush(screen: ScreenPart<void>) {
  const api = useApi();
  return useWrite({ run: () => disablePush(api), invalidates: [], ...screen });
}

/** The operator unlocks a member's wrong-password locks, or resets its two-factor sign-in. */
export function useUnlockMember(prefix: string, me: string, memId: string, screen: ScreenPart<void>) {
  const api = useApi();
  const key = memberStateQueryOptions(api, prefix, me, memId).queryKey;
  return useWrite({ run: () => api(adminSecurityCalls.memberUnlock, { memId }), invalidates: [key], ...screen });
}

export function useResetTwoFactor(prefix: string, me: string, memId: string, screen: ScreenPart<void>) {
  const api = useApi();
  const key = memberStateQueryOptions(api, prefix, me, memId).queryKey;
  return useWrite({ run: () => api(adminTwoFactorCalls.otpReset, { memId }), invalidates: [key], ...screen });
}

export type MemberInfoVars = { memNick: string; loginYn: 'Y' | 'N' };

/** A partner saves the nickname and login permission of a member below it. */
export function useSaveMemberInfo(prefix: string, me: string, memId: string, screen: ScreenPart<MemberInfoVars>) {
  const api = useApi();
  return useWrite({
    run: (v: MemberInfoVars) => api(partnerCalls.detailInfoSave, { memId, ...v }),
    invalidates: [userKey(prefix, me, 'partner')],
    ...screen,
  });
}
