import type { Call, Envelope, ReqOf, ResOf } from '../../contract/define';
import { ApiError, type ResultCode } from '../../contract/codes';
import type { SiteInfo } from '../../contract/common';
import { takeEarly } from './earlyAnswers';

export { ApiError };

/** What every request needs besides its body: the site (siteId + key) and the session token. */
export interface Credentials {
  site: Pick<SiteInfo, 'siteId' | 'apiKey' | 'sealYn'> | null;
  token: string | null;
}

/** `opts.token`: a session of its own (the platform console's), sent instead of the site's. */
export interface CallOptions {
  signal?: AbortSignal;
  token?: string | null;
}

/** The one way the app calls the server: POST JSON, envelope in, data out or an ApiError with the result code. */
export type Api = <C extends Call>(c: C, body?: ReqOf<C>, opts?: CallOptions) => Promise<ResOf<C>>;

const TIMEOUT_MS = 15_000;

/** The app's client, made once at start; `credentials` is read at each call (the site and token change while it runs). */
export function createApi(credentials: () => Credentials): Api {
  return async function api<C extends Call>(c: C, body?: ReqOf<C>, opts: CallOptions = {}): Promise<ResOf<C>> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('NT99');
    const { site, token } = credentials();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (site && c.access !== 'public') headers.authorization = site.apiKey;
    if (token && c.access !== 'public') headers['x-auth-token'] = token;
    if (opts.token) headers['x-auth-token'] = opts.token;
    const fields = (body ?? {}) as Record<string, unknown>;
    const payload = c.access === 'public' ? fields : { ...fields, siteId: site?.siteId };
    /** One POST: the parsed JSON answer, or NT99 / TE99 / S500 when there is none. */
    const to = async (path: string, b: unknown): Promise<unknown> => {
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      let res: Response;
      try {
        res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(b), signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout });
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        throw new ApiError(timeout.aborted ? 'TE99' : 'NT99');
      }
      try {
        return await res.json();
      } catch {
        throw new ApiError(res.status >= 500 ? 'S500' : 'TE99');
      }
    };

    // sealed bodies (docs/encrypted-bodies.md): the crypto loads on its own, only for a site that has them on
    const sealed = async () => (await import('./sealing')).sealedCall<ResOf<C>>(site!.siteId, c.path, payload, to);
    // a page's first calls may already be under way, started by its HTML
    const plain = async () => ((!opts.token && c.access !== 'public' && (await takeEarly(c.path, JSON.stringify(payload)))) || (await to(c.path, payload))) as Envelope<ResOf<C>>;
    let env = c.access !== 'public' && site?.sealYn === 'Y' ? await sealed() : await plain();
    // the operator turned sealing on since the app read its site (only a call with the site key is answered so)
    if (env.resultCode === 'EN003') env = await sealed();
    if (env.resultCode !== '0') {
      throw new ApiError(env.resultCode as ResultCode, env.resultMessage || 'RESPONSE_FAILED', env.data);
    }
    return env.data as ResOf<C>;
  };
}

export const isApiError = (e: unknown, ...codes: string[]): e is ApiError => e instanceof ApiError && (codes.length === 0 || codes.includes(e.code));

/** Network trouble rather than a business answer: the data shown is the last cached copy. */
export const isOffline = (e: unknown) => isApiError(e, 'NT99', 'TE99');
