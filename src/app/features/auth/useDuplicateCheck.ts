import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { ApiError } from '../../../contract/codes';
import { memberCalls } from '../../../contract/member';
import { isMemId, isNickname } from '../../../contract/validate';
import { apiMessage } from '../../lib/apiMessage';
import { alert, withLoading } from '../../lib/dialogs';
import type { DupState } from './signup';
import { useApi } from '../../lib/useApi';

/** Id or nickname duplicate check; the result resets when the field changes. */
export function useDuplicateCheck(kind: 'id' | 'nick') {
  const api = useApi();
  const [state, setState] = useState<DupState>('unchecked');
  async function run(value: string) {
    const v = value.trim();
    if (!v) return alert(kind === 'id' ? t`아이디를 입력해 주세요.` : t`닉네임을 입력해 주세요.`);
    if (kind === 'id' ? !isMemId(v) : !isNickname(v)) return alert(apiMessage(new ApiError(kind === 'id' ? 'U101' : 'U105')));
    try {
      const res = await withLoading(kind === 'id' ? api(memberCalls.checkId, { memId: v }) : api(memberCalls.checkNickname, { memNick: v }));
      setState(res.available ? 'available' : 'taken');
    } catch (err) {
      await alert(apiMessage(err));
    }
  }
  return { state, run, reset: () => setState('unchecked') };
}
