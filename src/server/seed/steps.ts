import type { SeedStep } from './scope.js';
import { seedBoard } from './board.js';
import { seedMoney } from './money.js';
import { seedPartner } from './partner.js';
import { seedGames } from './games.js';
import { seedBrand } from './brand.js';

/** Each capability appends its demo history here, in dependency order (money before bets...). */
export const seedSteps: SeedStep[] = [];
seedSteps.push(seedMoney);
seedSteps.push(seedBoard);
seedSteps.push(seedPartner);
seedSteps.push(seedGames);
seedSteps.push(seedBrand);
