/** Messages between the PGlite thread and the server's main thread, and the value parsers both sides share. */

const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (v: string) => Number(v);
/** bigint and numeric columns as JS numbers: PGlite in either thread and the PostgreSQL pool */
export const numberParsers = { [INT8]: toNumber, [NUMERIC]: toNumber };

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A thrown value as plain fields: structured clone keeps only an Error's message and stack. */
export type WireError = { message: string; name?: string; [field: string]: string | number | boolean | undefined };

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** What the thread says once, before any reply: PGlite is open, or why it is not. */
export type Hello = { ready: true } | { ready: false; error: WireError };

export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { message: String(e) };
  // the stack stays behind: the caller's own stack says more than PGlite's internals
  const out: WireError = { message: e.message, name: e.name };
  // PostgreSQL's fields (code, constraint, detail, table, …) are own properties of the error
  for (const [k, v] of Object.entries(e)) {
    if (k !== 'stack' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) out[k] = v;
  }
  return out;
}

export function fromWire(w: WireError): Error {
  const { message, ...fields } = w;
  return Object.assign(new Error(message), fields);
}
