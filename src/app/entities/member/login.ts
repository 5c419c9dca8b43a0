import { t } from '@lingui/core/macro';
import { memberCalls } from '../../../contract/member';
import { isApiError } from '../../lib/api';
import { withLoading } from '../../lib/dialogs';
import { signIn, type Clients } from '../../lib/session/lifecycle';
import type { MemberInfo } from '../../../contract/member';

export type LoginPage = 'player' | 'partner' | 'admin';

export interface LoginFields {
  memId: string;
  memPass: string;
  captchaId?: string;
  captcha?: string;
}

/** A right password that needs a second step: a code (L006) or, for the operator, enrolment first (L008). */
export interface SecondStep {
  step: 'code' | 'enrol';
  ticket: string;
}

/** A field of the login form a refusal can be said beside. */
export type LoginField = 'memId' | 'memPass' | 'captcha';

/** The first empty field in the screen's order and what to say beside it, the way the product does; null when all are there. */
export function loginProblem(f: LoginFields, withCaptcha: boolean): { field: LoginField; text: string } | null {
  if (!f.memId.trim()) return { field: 'memId', text: t`아이디를 입력해 주세요.` };
  if (!f.memPass) return { field: 'memPass', text: t`비밀번호를 입력해 주세요.` };
  if (withCaptcha && !f.captcha) return { field: 'captcha', text: t`자동입력 방지코드를 입력해 주세요.` };
  return null;
}

/** Logs in and starts the session; a right password that needs a second step answers the step instead. */
export async function login(clients: Clients, page: LoginPage, f: LoginFields): Promise<MemberInfo | SecondStep> {
  const { api } = clients;
  const body = { memId: f.memId.trim(), memPass: f.memPass, captchaId: f.captchaId, captcha: f.captcha, loginPage: page };
  // the partner and operator screens always send a solved challenge; the player screen when the server asks (L005)
  // the solver loads on submit, not with the login screen
  const { freshProof, withChallenge } = await import('../../lib/pow');
  const first = page === 'player' ? undefined : await freshProof(api);
  try {
    const res = await withChallenge((pow) => withLoading(api(memberCalls.login, { ...body, pow })), first);
    await signIn(clients, res);
    return res.member;
  } catch (err) {
    if (isApiError(err, 'L006', 'L008')) return { step: err.code === 'L006' ? 'code' : 'enrol', ticket: (err.data as { ticket: string }).ticket };
    throw err;
  }
}
