import type { Signal, Signals } from '../domain/ports.js';

/** The domain's signals (the port in domain/ports.ts) handed to whoever listens: each running server's metrics and log. */
type Listener<K extends keyof Signals> = (s: Signals[K]) => void;
const listeners: { [K in keyof Signals]: Set<Listener<K>> } = { money: new Set(), challenge: new Set(), push: new Set() };

export const signal: Signal = (kind, s) => {
  for (const l of listeners[kind]) l(s);
};

/** Listens until the answered function is called (a server's close). */
export function listen<K extends keyof Signals>(kind: K, l: Listener<K>): () => void {
  listeners[kind].add(l);
  return () => listeners[kind].delete(l);
}
