import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db, DbHandle } from '../db/driver.js';
import type { Publisher } from './ports.js';
import type { SessionCache } from './auth/sessionCache.js';
import type { InfoCache } from './auth/infoCache.js';
import type { Accrual } from './money/accrualTimer.js';
import type { SiteCache } from './site/siteCache.js';

/**
 * The app's shared parts the domain may use, built once in main and in tests; each domain function
 * takes only those it reads (`Pick<Deps, 'db' | 'clock'>`). Nothing of a transport: the HTTP
 * layer's own parts (the sealed-body keys) and a request's are the server's (`context.ts`).
 */
export interface Deps {
  config: Config;
  handle: DbHandle;
  db: Db;
  live: Publisher;
  clock: Clock;
  /** applies pending credits of hot movements; `flush()` for callers that need them applied now */
  accrual: Accrual;
  /** resolved sessions and site rows, per process; kept true through `live`'s invalidations */
  sessions: SessionCache;
  sites: SiteCache;
  /** players' /api/member/info answers, per process; kept exact by `live`'s events to each member */
  infoCache: InfoCache;
}
