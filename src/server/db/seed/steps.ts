import type { AppContext } from '../../context.js';
import { seedBoard } from './board.js';
import { seedMoney } from './money.js';
import { seedPartner } from './partner.js';
import { seedGames } from './games.js';

export interface SeedScope {
  siteId: string;
  /** memId -> member row id for every seeded member */
  ids: Map<string, number>;
}
export type SeedStep = (app: AppContext, scope: SeedScope) => Promise<void>;

/** Each capability appends its demo history here, in dependency order (money before bets...). */
export const seedSteps: SeedStep[] = [];
seedSteps.push(seedMoney);
seedSteps.push(seedBoard);
seedSteps.push(seedPartner);
seedSteps.push(seedGames);
