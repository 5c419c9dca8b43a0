import type { ReqOf, ResOf } from '../../../contract/define';
import { memberCalls } from '../../../contract/member';
import { withLoading } from '../../lib/dialogs';
import { freshProof, withChallenge } from '../../lib/pow';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';

export type SignupBody = Omit<ReqOf<typeof memberCalls.signup>, 'pow'>;

/** A new member: a solved challenge first (with its own "security check" overlay), then the call with the usual one. */
export function useSignup(screen: ScreenPart<SignupBody, ResOf<typeof memberCalls.signup>>) {
  const api = useApi();
  return useWrite({
    run: async (form: SignupBody) => withChallenge((pow) => withLoading(api(memberCalls.signup, { ...form, pow })), await freshProof(api)),
    overlay: false,
    invalidates: [],
    ...screen,
  });
}
