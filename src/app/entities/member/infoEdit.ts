import { accountEditChanges, validateAccountEdit } from '../../../contract/validate';
import type { ResultCode } from '../../../contract/codes';

export interface InfoEditForm {
  curPass: string;
  memPass: string;
  memPassCheck: string;
  cashOutPass: string;
  cashOutPassCheck: string;
}

export const emptyInfoEdit: InfoEditForm = { curPass: '', memPass: '', memPassCheck: '', cashOutPass: '', cashOutPassCheck: '' };

/** The field an answer points at, so the form can mark and focus it. */
export const fieldOfCode: Partial<Record<ResultCode, keyof InfoEditForm>> = {
  U121: 'curPass',
  U113: 'memPassCheck',
  U119: 'memPass',
  U102: 'memPass',
  U120: 'cashOutPass',
  U103: 'cashOutPass',
  U118: 'cashOutPassCheck',
};

/**
 * The first problem before sending: the current password first (the form shows it first), then
 * the product's own order (shared with the server). Null when the form may be sent.
 */
export function firstInfoEditProblem(f: InfoEditForm): 'curPass' | ResultCode | null {
  if (!f.curPass) return 'curPass';
  return validateAccountEdit(f);
}

export const changesOf = (f: InfoEditForm) => accountEditChanges(f);
