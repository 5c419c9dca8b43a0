import { useState } from 'react';
import { GiveRetrieveSheet, type MoneyTarget, type MoveKind, type MoveMode } from './GiveRetrieveSheet';

/** A list's give/retrieve: `open(row)` shows the shared sheet; render `sheet` once in the list. */
export function useGiveRetrieve() {
  const [state, setState] = useState<{ target: MoneyTarget; kind: MoveKind; mode: MoveMode } | null>(null);
  const open = (target: MoneyTarget, kind: MoveKind = 'cash', mode: MoveMode = 'give') =>
    setState({ target: { memId: target.memId, memNick: target.memNick, cashAmt: target.cashAmt, pointAmt: target.pointAmt }, kind, mode });
  const sheet = <GiveRetrieveSheet target={state?.target ?? null} kind={state?.kind ?? 'cash'} mode={state?.mode ?? 'give'} onClose={() => setState(null)} />;
  return { open, sheet };
}
