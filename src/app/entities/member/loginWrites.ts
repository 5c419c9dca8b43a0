import type { MemberInfo } from '../../../contract/member';
import { loginStepCalls } from '../../../contract/twoFactor';
import type { ResOf } from '../../../contract/define';
import { useClients } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import type { LoginFields, LoginPage, SecondStep } from './login';

/**
 * The login: the call and its texts load on submit, not with the login screen; the form shows its own
 * progress. With a captcha, a wrong code is said under the code.
 */
export function useLogin(page: LoginPage, withCaptcha: boolean, screen: ScreenPart<LoginFields, MemberInfo | SecondStep, 'captcha'>) {
  const clients = useClients();
  return useWrite<LoginFields, MemberInfo | SecondStep, 'captcha'>({
    run: async (f) => (await import('./login')).login(clients, page, f),
    overlay: false,
    invalidates: [],
    fields: withCaptcha ? { L002: 'captcha' as const } : undefined,
    ...screen,
  });
}

/** The second step: the authenticator code (or a recovery code) for the ticket. */
export function useLoginCode(ticket: string, screen: ScreenPart<string, ResOf<typeof loginStepCalls.otp>>) {
  const { api } = useClients();
  return useWrite({ run: (otpCode: string) => api(loginStepCalls.otp, { ticket, otpCode }), invalidates: [], ...screen });
}

/** The operator's enrolment during sign-in: the first code turns it on and answers the recovery codes. */
export function useLoginEnrol(ticket: string, screen: ScreenPart<string, ResOf<typeof loginStepCalls.otpEnable>>) {
  const { api } = useClients();
  return useWrite({ run: (otpCode: string) => api(loginStepCalls.otpEnable, { ticket, otpCode }), invalidates: [], ...screen });
}
