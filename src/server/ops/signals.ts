/**
 * What the domain tells the operator's instruments, without knowing them: a money movement ended
 * (its kind and result code), a login challenge was issued or solved, a push was sent. The metrics
 * of each running server listen (ops/metrics.ts), and so does its log for failed pushes.
 */
export interface Signals {
  /** kind: the movement function without its `money_` prefix (cash_deposit, transfer, …); code: '0' or the refusal; cash/point: what a done movement moved */
  money: { kind: string; code: string; cash?: number; point?: number };
  challenge: { event: 'issued' | 'solved' | 'refused' };
  /** result: 'sent', 'gone' (404/410, the device is removed), 'refused' (another status) or 'unreachable'; status when the service answered */
  push: { result: 'sent' | 'gone' | 'refused' | 'unreachable'; status?: number; host: string };
}

type Listener<K extends keyof Signals> = (s: Signals[K]) => void;
const listeners: { [K in keyof Signals]: Set<Listener<K>> } = { money: new Set(), challenge: new Set(), push: new Set() };

export function signal<K extends keyof Signals>(kind: K, s: Signals[K]): void {
  for (const l of listeners[kind]) l(s);
}

/** Listens until the answered function is called (a server's close). */
export function listen<K extends keyof Signals>(kind: K, l: Listener<K>): () => void {
  listeners[kind].add(l);
  return () => listeners[kind].delete(l);
}
