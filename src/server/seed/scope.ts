import type { AppContext } from '../context.js';

/** What each capability's seed step is given: the demo site and its members' row ids. */
export interface SeedScope {
  siteId: string;
  /** memId -> member row id for every seeded member */
  ids: Map<string, number>;
}
export type SeedStep = (app: AppContext, scope: SeedScope) => Promise<void>;
