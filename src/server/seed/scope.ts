import type { Deps } from '../domain/deps.js';

/** What each capability's seed step is given: the demo site and its members' row ids. */
export interface SeedScope {
  siteId: string;
  /** memId -> member row id for every seeded member */
  ids: Map<string, number>;
}
export type SeedStep = (app: Deps, scope: SeedScope) => Promise<void>;
