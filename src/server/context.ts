import type { Caller } from './domain/auth/caller.js';
import type { Deps } from './domain/deps.js';
import type { Vendor } from './domain/games/wallet.js';
import type { SiteRow } from './domain/site/siteRow.js';

/** What a handler may need: the domain's shared parts and the deployment's; built once in main and in tests (the HTTP layer's own parts: http/httpContext.ts). */
export interface AppContext extends Deps {
  /** the prefix of this deployment's Redis channels and keys (live/redisScope.ts) */
  redisScope: string;
}

/** What the HTTP layer keeps per request beside the caller: cookies and the throttle's verdict. */
export interface RequestExtras {
  /** the request's Cookie header, and Set-Cookie values the answer carries */
  cookie?: string | null;
  setCookies?: string[];
  /** the throttle found a solved, unused proof-of-work challenge in the request */
  proved?: boolean;
  /** the address went past its limits: this call needs a solved challenge (L005 without one) */
  challengeRequired?: boolean;
  /** a login's id failed as often as the lock allows, lately (counted for any id, real or not) */
  idOverLimit?: boolean;
}

/** A call open to anyone: no site key checked, no caller. */
export interface PublicContext extends AppContext, RequestExtras {
  site: null;
  caller: null;
  ip: string;
  /** X-Auth-Token as sent: the platform console's session (no site call reads it here) */
  token: string | null;
  audit?: undefined;
}

export interface RequestContext extends AppContext, RequestExtras {
  site: SiteRow;
  caller: Caller | null;
  ip: string;
  token: string | null;
  /** what an operator handler adds to its audit entry (target, values before and after) */
  audit?: { target?: string; before?: unknown; after?: unknown };
}

/**
 * A call's context: the app's shared parts by prototype, the call's own fields on top. Spreading the
 * app into a fresh object on every call cost the hottest calls about an eighth of their CPU time.
 */
export function callContext<A extends AppContext, T extends object>(app: A, own: T): A & T {
  return Object.assign(Object.create(app) as A, own);
}

/** A vendor's wallet callback: its signature checked, the vendor and its site found; no session. */
export interface VendorContext extends RequestContext {
  caller: null;
  token: null;
  vendor: Vendor;
}

/** A handler that requires a logged-in caller gets a non-null one. */
export interface AuthedContext extends RequestContext {
  caller: Caller;
}
