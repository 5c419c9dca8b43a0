import { t } from '@lingui/core/macro';
import { memberCalls } from '../../../contract/member';
import { isApiError, type Api } from '../../lib/api';
import { alert, withLoading } from '../../lib/dialogs';
import { signIn } from '../../lib/session/lifecycle';
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

/** Checks the fields in the screen's order, logs in, and says what went wrong the way the product does. */
export async function login(api: Api, page: LoginPage, f: LoginFields, withCaptcha: boolean): Promise<MemberInfo | SecondStep | 'captcha' | null> {
  if (!f.memId.trim()) return alert(t`아이디를 입력해 주세요.`).then(() => null);
  if (!f.memPass) return alert(t`비밀번호를 입력해 주세요.`).then(() => null);
  if (withCaptcha && !f.captcha) return alert(t`자동입력 방지코드를 입력해 주세요.`).then(() => null);
  try {
    const body = { memId: f.memId.trim(), memPass: f.memPass, captchaId: f.captchaId, captcha: f.captcha, loginPage: page };
    // the partner and operator screens always send a solved challenge; the player screen when the server asks (L005)
    // the solver loads on submit, not with the login screen
    const { freshProof, withChallenge } = await import('../../lib/pow');
    const first = page === 'player' ? undefined : await freshProof(api);
    const res = await withChallenge((pow) => withLoading(api(memberCalls.login, { ...body, pow })), first);
    await signIn(api, res);
    return res.member;
  } catch (err) {
    if (isApiError(err, 'L006', 'L008')) return { step: err.code === 'L006' ? 'code' : 'enrol', ticket: (err.data as { ticket: string }).ticket };
    // the product answers an unknown member like a wrong password
    // the translated result texts load on the first failure, not with the login screen
    const shown = isApiError(err, 'U001') ? t`로그인 정보가 올바르지 않습니다. 확인해 주세요.` : (await import('../../lib/apiMessage')).apiMessage(err);
    await alert(shown);
    return isApiError(err, 'L002') || withCaptcha ? 'captcha' : null;
  }
}
