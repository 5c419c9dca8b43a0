import { gameCategories, type GameCategory } from '../../contract/game.js';
import { levelOrder } from '../../contract/enums.js';
import type { Deps } from '../domain/deps.js';
import { setRatesDirect } from '../domain/partner/rates.js';
import { ensureDemoVendors } from '../domain/games/demoCatalog.js';
import { seedBets } from './gameHistory.js';
import type { SeedScope } from './scope.js';

/** Top-partner rates per category (rolling %, losing %); each level below gets a little less. */
const top: Record<GameCategory, [number, number]> = { casino: [1.5, 10], hcasino: [1.2, 8], slot: [3, 12], sport: [2, 10], mini: [1, 5] };
const step: Record<GameCategory, [number, number]> = { casino: [0.1, 1], hcasino: [0.1, 1], slot: [0.2, 1], sport: [0.15, 1], mini: [0.1, 0.5] };

export function demoRate(level: string, c: GameCategory) {
  if (level === 'NORMAL') return { pointRate: Math.round(top[c][0] * 30) / 100, loseRate: 0 };
  const k = levelOrder(level) - 1;
  return { pointRate: Math.round((top[c][0] - k * step[c][0]) * 100) / 100, loseRate: Math.round((top[c][1] - k * step[c][1]) * 100) / 100 };
}

/** Demo vendors and games, default rates down the tree, then 30 days of bets through the real wallet. */
export async function seedGames(app: Deps, scope: SeedScope): Promise<void> {
  const { siteId, ids } = scope;
  await ensureDemoVendors(app.db, siteId);
  const members = await app.db
    .selectFrom('member')
    .select(['id', 'partner_level', 'login_type'])
    .where('site_id', '=', siteId)
    .where('login_type', 'in', ['PARTNER', 'NORMAL'])
    .execute();
  const admin = ids.get('admin')!;
  const now = app.clock.now();
  for (const m of members) {
    await setRatesDirect(
      app.db,
      siteId,
      admin,
      m.id,
      gameCategories.map((c) => ({ category: c, ...demoRate(m.partner_level, c) })),
      now,
    );
  }
  await seedBets(app, scope);
}
