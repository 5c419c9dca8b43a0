import { adminCalls } from '../../../contract/admin';
import type { ResOf } from '../../../contract/define';
import { retailCalls } from '../../../contract/retail';
import type { Api } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';

/** The target's balances after the move and the row it wrote (a partner's answer also carries its own balances). */
export type MoveAnswer = Pick<ResOf<typeof retailCalls.cashIn>, 'memId' | 'cashAmt' | 'pointAmt' | 'logIdx' | 'regDate'> & Partial<ResOf<typeof retailCalls.cashIn>>;
export type MoveKind = 'cash' | 'point';
export type MoveMode = 'give' | 'retrieve';
/** a partner moves its own money; the operator grants and recovers against the house */
export type MoveBy = 'partner' | 'operator';
export type MoveVars = { mode: MoveMode; value: number; note?: string };

function send(api: Api, by: MoveBy, kind: MoveKind, memId: string, v: MoveVars, requestId: string): Promise<MoveAnswer> {
  const { value, note } = v;
  const give = v.mode === 'give';
  if (by === 'operator') {
    return api(adminCalls.grant, { memId, cashAmt: value, mode: give ? 2 : -2, kind, memo: note, requestId });
  }
  if (kind === 'point') {
    return api(retailCalls.pointChange, { memId, pointType: give ? 2 : -2, pointAmt: give ? value : -value, pointDesc: note, memo: note, requestId });
  }
  return give
    ? api(retailCalls.cashIn, { memId, inAmt: value, memo: note, inBonusYn: 'N', mode: -3, requestId })
    : api(retailCalls.cashOut, { memId, outAmt: value, memo: note, bonusRollingYn: 'N', mode: 3, requestId });
}

/** Give to or retrieve from one member, cash or points; the refusals that concern the amount go beside it. */
export function useMoveMoney(by: MoveBy, kind: MoveKind, memId: string, screen: ScreenPart<MoveVars, MoveAnswer, 'amount'>) {
  const api = useApi();
  return useWrite<MoveVars, MoveAnswer, 'amount'>({
    money: true,
    fields: { C202: 'amount', C702: 'amount', P002: 'amount', C206: 'amount', P001: 'amount', V002: 'amount' },
    sig: (v) => `${by}:${kind}:${v.mode}:${memId}:${v.value}:${v.note ?? ''}`,
    run: (v, requestId) => send(api, by, kind, memId, v, requestId),
    ...screen,
  });
}
