import type { Signal } from './ports.js';

let sink: Signal = () => {};

/**
 * The root (server.ts) hands in ops' sink (ops/signals.ts) once; until then, as with no listener,
 * signals go nowhere. Process-wide because the signalling functions take only `db`.
 */
export function signalTo(to: Signal): void {
  sink = to;
}

export const signal: Signal = (kind, s) => sink(kind, s);
