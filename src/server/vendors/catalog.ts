/** The built-in demo vendor's catalogue: one vendor per category, each with its games. */
import { randomBytes } from 'node:crypto';
import type { GameCategory } from '../../contract/game.js';
import type { Db } from '../db/driver.js';
import { sealVendorSecret } from './secretSeal.js';

export interface CatalogVendor {
  code: string;
  name: string;
  category: GameCategory;
  walletMode: 'seamless' | 'transfer';
  minBet: number;
  maxBet: number;
  maxWin: number;
  games: { code: string; name: string; kind: 'baccarat' | 'slot' | 'sports' | 'oddeven' }[];
}

export const demoCatalog: CatalogVendor[] = [
  {
    code: 'demo-live',
    name: 'Pitboss Live',
    category: 'casino',
    walletMode: 'transfer',
    minBet: 1_000,
    maxBet: 5_000_000,
    maxWin: 50_000_000,
    games: [
      { code: 'baccarat-a', name: 'Baccarat A', kind: 'baccarat' },
      { code: 'speed-baccarat', name: 'Speed Baccarat', kind: 'baccarat' },
    ],
  },
  {
    code: 'demo-hotel',
    name: 'Pitboss Hotel',
    category: 'hcasino',
    walletMode: 'seamless',
    minBet: 5_000,
    maxBet: 10_000_000,
    maxWin: 100_000_000,
    games: [{ code: 'hotel-baccarat', name: 'Hotel Baccarat', kind: 'baccarat' }],
  },
  {
    code: 'demo-slot',
    name: 'Pitboss Slots',
    category: 'slot',
    walletMode: 'seamless',
    minBet: 100,
    maxBet: 1_000_000,
    maxWin: 100_000_000,
    games: [
      { code: 'lucky-sevens', name: 'Lucky Sevens', kind: 'slot' },
      { code: 'cherry-rush', name: 'Cherry Rush', kind: 'slot' },
    ],
  },
  {
    code: 'demo-sports',
    name: 'Pitboss Sports',
    category: 'sport',
    walletMode: 'seamless',
    minBet: 1_000,
    maxBet: 3_000_000,
    maxWin: 30_000_000,
    games: [{ code: 'sportsbook', name: 'Sportsbook', kind: 'sports' }],
  },
  {
    code: 'demo-mini',
    name: 'Pitboss Mini',
    category: 'mini',
    walletMode: 'seamless',
    minBet: 1_000,
    maxBet: 1_000_000,
    maxWin: 10_000_000,
    games: [{ code: 'odd-even', name: 'Odd Even', kind: 'oddeven' }],
  },
];

/** Creates the demo vendors (each with a fresh secret, stored sealed) and their games on a site, or only those of `only`; existing ones are kept. */
export async function ensureDemoVendors(db: Db, siteId: string, only?: readonly string[]): Promise<void> {
  for (const [ord, v] of demoCatalog.entries()) {
    if (only && !only.includes(v.code)) continue;
    await db
      .insertInto('vendor')
      .values({
        site_id: siteId,
        code: v.code,
        name: v.name,
        category: v.category,
        wallet_mode: v.walletMode,
        secret: await sealVendorSecret(db, randomBytes(24).toString('base64url')),
        min_bet: v.minBet,
        max_bet: v.maxBet,
        max_win: v.maxWin,
        ord,
      })
      .onConflict((oc) => oc.columns(['site_id', 'code']).doNothing())
      .execute();
    const { id } = await db.selectFrom('vendor').select('id').where('site_id', '=', siteId).where('code', '=', v.code).executeTakeFirstOrThrow();
    await db
      .insertInto('game')
      .values(v.games.map((g, i) => ({ site_id: siteId, vendor_id: id, code: g.code, name: g.name, kind: g.kind, ord: i })))
      .onConflict((oc) => oc.columns(['vendor_id', 'code']).doNothing())
      .execute();
  }
}
