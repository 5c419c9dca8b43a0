/**
 * A call's handler as the domain and the vendors write it: the parsed request and the context its
 * access level promises, in; the answer's data, out. No transport here: `http/route.ts` serves
 * these over HTTP, and the demo vendor calls the wallet's in process.
 */
import { ApiError } from '../contract/codes.js';
import type { Call, ParsedReqOf, ResOf } from '../contract/define.js';
import type { AuthedContext, PublicContext, RequestContext, VendorContext } from './context.js';

type CtxFor<C extends Call> = C['access'] extends 'public'
  ? PublicContext
  : C['access'] extends 'site'
    ? RequestContext
    : C['access'] extends 'vendor'
      ? VendorContext
      : AuthedContext;
/** X: what the transport adds to every context it builds (the HTTP layer's own parts), for the handlers that ask for it. */
export type Handler<C extends Call, X = object> = (req: ParsedReqOf<C>, ctx: CtxFor<C> & X) => Promise<ResOf<C>>;

export interface RouteDef<X = object> {
  call: Call;
  handler: (req: unknown, ctx: (PublicContext | RequestContext) & X) => Promise<unknown>;
  /** this call's own body limit in bytes, above the server's (a logo upload) */
  bodyLimit?: number;
}

export function defineRoute<C extends Call, X = object>(call: C, handler: Handler<C, X>, opts: { bodyLimit?: number } = {}): RouteDef<X> {
  // the transport hands each handler the context its access level promises
  return { call, handler: handler as RouteDef<X>['handler'], ...opts };
}

/**
 * A NUL byte anywhere in a decoded body, keys too, is V001: PostgreSQL text cannot store one and
 * no field gives it a meaning.
 */
function nulPath(v: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path.join('.') || 'body' : null;
  if (depth > 32 || v === null || typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return [...path, '(key)'].join('.');
    const p = nulPath(x, [...path, k], depth + 1);
    if (p) return p;
  }
  return null;
}

/** The checks on a call's body before its handler: no NUL byte, then the call's schema (V001 naming the field). */
export function parseRequest<C extends Call>(call: C, body: Record<string, unknown>): ParsedReqOf<C> {
  const nul = nulPath(body);
  if (nul) throw new ApiError('V001', `${nul}: NUL byte`);
  const parsed = call.req.safeParse(body);
  if (parsed.success) return parsed.data as ParsedReqOf<C>;
  const first = parsed.error.issues[0];
  throw new ApiError('V001', `${first?.path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`);
}
