import type { AppContext } from '../context.js';
import type { SealKeys } from './sealKeys.js';

/** The HTTP layer's own parts beside the app's: no domain, vendor, live or ops file sees them. */
export interface HttpParts {
  /** keys agreed for sealed bodies, per process */
  sealKeys: SealKeys;
}

/** The app as the HTTP layer serves it: every call's context is built on it (`callContext`), so a handler may ask for HttpParts. */
export type HttpApp = AppContext & HttpParts;
