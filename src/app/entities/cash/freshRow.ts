import { proxy, useSnapshot } from 'valtio';

/** Which history a receipt points into. */
export type FreshList = 'cashRequest' | 'cashMove' | 'pointConvert' | 'cashQueue' | 'moneyMove' | 'subPoint' | 'audit';

/** 'latest': the list's newest row, for an answer that carries no row number. */
type FreshKey = string | number;

/** The row a receipt's "내역 보기" points at; its list scrolls to it and marks it for a short while. */
const fresh = proxy({ list: null as FreshList | null, key: null as FreshKey | null });

const SHOWN_MS = 15_000;
let timer: ReturnType<typeof setTimeout> | undefined;

export function markFresh(list: FreshList, key: FreshKey) {
  Object.assign(fresh, { list, key });
  clearTimeout(timer);
  timer = setTimeout(() => Object.assign(fresh, { list: null, key: null }), SHOWN_MS);
}

/** The row of `list` a receipt just pointed at, or null. */
export function useFresh(list: FreshList): FreshKey | null {
  const s = useSnapshot(fresh);
  return s.list === list ? s.key : null;
}

/**
 * A give/retrieve history row by what its receipt knows (the answer carries no row number): the
 * newest row of that type, member and amount. Cash rows carry the cash type, point rows the point type.
 */
export const sendRowKey = (cashType: string, memId: string, amount: number) => `${cashType}:${memId}:${Math.abs(amount)}`;

/** The operator's grant or recovery in the audit log: the newest row of that call on that member, kind, mode and amount. */
export const grantRowKey = (memId: string, kind: string, mode: number, amount: number) => `${memId}:${kind}:${mode}:${amount}`;
