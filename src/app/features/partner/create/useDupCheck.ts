import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { memberCalls } from '../../../../contract/member';
import { apiMessage } from '../../../lib/apiMessage';
import { alert, withLoading } from '../../../lib/dialogs';
import { useApi } from '../../../lib/useApi';

export type DupState = 'unchecked' | 'available' | 'taken';

/**
 * Id or nickname duplicate check; a group checks every numbered value at once. The result goes
 * back to unchecked whenever the field (or the group range) changes: call `reset` from onChange.
 */
export function useDupCheck(kind: 'id' | 'nick') {
  const api = useApi();
  const [state, setState] = useState<DupState>('unchecked');
  async function run(values: string[]) {
    if (!values.length || !values[0]) return alert(kind === 'id' ? t`아이디를 입력해 주세요.` : t`닉네임을 입력해 주세요.`);
    try {
      const answers = await withLoading(Promise.all(values.map((v) => (kind === 'id' ? api(memberCalls.checkId, { memId: v }) : api(memberCalls.checkNickname, { memNick: v })))));
      setState(answers.every((a) => a.available) ? 'available' : 'taken');
    } catch (err) {
      await alert(apiMessage(err));
    }
  }
  const note = () =>
    state === 'available'
      ? { ok: kind === 'id' ? t`사용 가능한 아이디입니다.` : t`사용 가능한 닉네임입니다.` }
      : state === 'taken'
        ? { error: kind === 'id' ? t`중복된 아이디가 있습니다.` : t`중복된 닉네임이 있습니다.` }
        : {};
  return { state, run, reset: () => setState('unchecked'), note };
}
