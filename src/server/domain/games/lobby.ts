import { sql } from 'kysely';
import { gameCategories, isGameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import { gameCategoryNames as categoryNames } from '../../../contract/game.js';
import { localName } from './localNames.js';

/** Each game category with the site's vendors in it (those not switched off). */
export async function vendorGroups(db: Db, siteId: string, locale: string) {
  const vendors = await db
    .selectFrom('vendor as v')
    .selectAll()
    .select(localName('v', locale, 'shown'))
    .where('site_id', '=', siteId)
    .where('status', '<>', 'OFF')
    // sandbox credentials are for vendors' checks, never in the lobby
    .where('sandbox', '=', false)
    .orderBy('ord')
    .execute();
  return gameCategories.map((g) => ({
    groupCode: g,
    groupName: categoryNames[g],
    vendors: vendors
      .filter((v) => v.category === g)
      .map((v) => ({
        vendorCode: v.code,
        vendorName: v.shown,
        category: v.category,
        walletMode: v.wallet_mode,
        status: v.status,
        minBet: v.min_bet,
        maxBet: v.max_bet,
        maxWin: v.max_win,
      })),
  }));
}

/** The site's games (not switched off, nor their vendor), optionally of one vendor or category. */
export async function gameList(db: Db, siteId: string, locale: string, f: { vendorCode?: string; gameType?: string }) {
  let q = db
    .selectFrom('game as g')
    .innerJoin('vendor as v', 'v.id', 'g.vendor_id')
    .select(['v.code as vendorCode', 'g.code as gameCode', localName('g', locale, 'gameName'), 'v.category as gameType', 'g.kind', 'g.status'])
    .where('g.site_id', '=', siteId)
    .where('g.status', '<>', 'OFF')
    .where('v.status', '<>', 'OFF')
    .where('v.sandbox', '=', false);
  if (f.vendorCode) q = q.where('v.code', '=', f.vendorCode);
  // a category the site does not have lists no game
  if (f.gameType) q = isGameCategory(f.gameType) ? q.where('v.category', '=', f.gameType) : q.where(sql<boolean>`false`);
  return q.orderBy('v.ord').orderBy('g.ord').execute();
}

/** A member's cash and game money, with what each transfer vendor holds for them. */
export async function gameMoneyOf(db: Db, memberId: number, locale: string) {
  const [me, list] = await Promise.all([
    db.selectFrom('member').select(['cash_amt', 'game_amt']).where('id', '=', memberId).executeTakeFirstOrThrow(),
    db
      .selectFrom('game_wallet as w')
      .innerJoin('vendor as v', 'v.id', 'w.vendor_id')
      .select(['v.code as vendorCode', localName('v', locale, 'vendorName'), 'w.balance as gameAmt'])
      .where('w.member_id', '=', memberId)
      .orderBy('v.ord')
      .execute(),
  ]);
  return { cashAmt: me.cash_amt, gameAmt: me.game_amt, list };
}
