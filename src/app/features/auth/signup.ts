import type { ResultCode } from '../../../contract/codes';
import { validateSignup, type SignupFields } from '../../../contract/validate';

export type SignupForm = Required<{ [K in keyof Omit<SignupFields, 'cashOutPassCheck'>]: string }>;

export const emptyForm: SignupForm = {
  memId: '',
  memPass: '',
  memPassCheck: '',
  memNick: '',
  memName: '',
  memPhone: '',
  bank: '',
  bankacc: '',
  cashOutPass: '',
  recommenderId: '',
};

/** Which field a validation code points at, so the screen can mark and focus it. */
export const fieldOfCode: Partial<Record<ResultCode, keyof SignupForm>> = {
  U101: 'memId',
  U109: 'memId',
  U113: 'memPassCheck',
  U119: 'memPass',
  U102: 'memPass',
  U114: 'memPhone',
  U111: 'memPhone',
  U105: 'memNick',
  U110: 'memNick',
  U106: 'recommenderId',
  U107: 'recommenderId',
  U116: 'memName',
  U104: 'memName',
  U103: 'cashOutPass',
  U115: 'bank',
  U117: 'bankacc',
  U112: 'bankacc',
};

export type DupState = 'unchecked' | 'available' | 'taken';

/** The seed's order: field rules first, then both duplicate checks must have passed. */
export function firstProblem(f: SignupForm, idState: DupState, nickState: DupState): ResultCode | 'checkId' | 'checkNick' | null {
  const code = validateSignup(f);
  if (code) return code;
  if (idState !== 'available') return 'checkId';
  if (nickState !== 'available') return 'checkNick';
  return null;
}
