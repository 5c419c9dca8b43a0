/**
 * Work the demo vendor does on its own time: deal baccarat rounds left open for a minute, draw
 * the results of finished events and settle the sports bets they complete. Run from its calls
 * (throttled) rather than a timer, so nothing outlives a closed server.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import { vendorByCode, type Vendor } from '../../domain/games/wallet.js';
import { payout, deal, type Stakes } from './baccarat.js';
import { callWallet, type Ctx } from './client.js';
import { demoCatalog } from '../../domain/games/demoCatalog.js';
import { expectedWin } from '../../../contract/odds.js';
import { finishEvents, winnerOf } from './sports.js';

export const ROUND_OPEN_MS = 60_000;

/** Deals an open baccarat round: the win callback carries the cards. */
export async function dealRound(ctx: Ctx, v: Vendor, bet: { tx_id: string; round_id: string; mem_id: string; detail: unknown }) {
  const stakes = ((bet.detail ?? {}) as { stakes?: Stakes }).stakes ?? {};
  const hand = deal();
  const win = payout(stakes, hand.result);
  const r = await callWallet(ctx, v, 'win', {
    memId: bet.mem_id,
    txId: `${bet.tx_id}:w`,
    betTxId: bet.tx_id,
    amount: win,
    detail: { player: hand.player, banker: hand.banker, winner: hand.result },
  });
  return { hand, win, balance: r.balance };
}

const baccaratCodes = demoCatalog.filter((c) => c.games.some((g) => g.kind === 'baccarat')).map((c) => c.code);

async function staleRounds(db: Db, siteId: string, before: Date, memberId?: number) {
  let q = db
    .selectFrom('bet as b')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .select(['b.tx_id', 'b.round_id', 'b.detail', 'm.mem_id', 'v.code'])
    .where('b.site_id', '=', siteId)
    .where('b.status', '=', 'wait')
    .where('v.code', 'in', baccaratCodes)
    .where('b.created_at', '<', before);
  if (memberId) q = q.where('b.member_id', '=', memberId);
  return q.limit(200).execute();
}

async function dealStale(ctx: Ctx, siteId: string, memberId?: number) {
  for (const b of await staleRounds(ctx.db, siteId, new Date(ctx.clock.now().getTime() - ROUND_OPEN_MS), memberId)) {
    const v = await vendorByCode(ctx.db, siteId, b.code);
    if (v) await dealRound(ctx, v, b).catch(() => {});
  }
}

/** The pick lost: its event is done and its winner is another side. */
const lostLeg = sql<boolean>`e.status = 'done' and (case when e.home_score > e.away_score then 'home' when e.home_score < e.away_score then 'away' else 'draw' end) <> l.pick`;

/**
 * Settles every open sports bet that is decided: lost as soon as one leg's event ended against
 * its pick (a parlay needs every leg, so the rest cannot save it), won or lost once all its
 * events ended. The legs of events still running stay Opened.
 */
export async function settleSports(ctx: Ctx, siteId: string) {
  await finishEvents(ctx.db, siteId, ctx.clock.now());
  const v = await vendorByCode(ctx.db, siteId, 'demo-sports');
  if (!v) return 0;
  const bets = await ctx.db
    .selectFrom('bet as b')
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .select(['b.id', 'b.tx_id', 'b.stake', 'b.odds', 'm.mem_id'])
    .where('b.vendor_id', '=', v.id)
    .where('b.status', '=', 'wait')
    .where(({ or, not, exists, selectFrom }) =>
      or([
        not(
          exists(selectFrom('bet_leg as l').innerJoin('sport_event as e', 'e.id', 'l.event_id').select('l.id').whereRef('l.bet_id', '=', 'b.id').where('e.status', '<>', 'done')),
        ),
        exists(selectFrom('bet_leg as l').innerJoin('sport_event as e', 'e.id', 'l.event_id').select('l.id').whereRef('l.bet_id', '=', 'b.id').where(lostLeg)),
      ]),
    )
    .limit(500)
    .execute();
  for (const b of bets) {
    const legs = await ctx.db
      .selectFrom('bet_leg as l')
      .innerJoin('sport_event as e', 'e.id', 'l.event_id')
      .select(['l.id', 'l.pick', 'e.home_score', 'e.away_score', 'e.status'])
      .where('l.bet_id', '=', b.id)
      .execute();
    let won = true;
    for (const l of legs) {
      if (l.status !== 'done') {
        won = false;
        continue;
      }
      const ok = winnerOf(l) === l.pick;
      won &&= ok;
      await ctx.db
        .updateTable('bet_leg')
        .set({ status: ok ? 'Won' : 'Lost' })
        .where('id', '=', l.id)
        .execute();
    }
    await callWallet(ctx, v, 'win', { memId: b.mem_id, txId: `${b.tx_id}:w`, betTxId: b.tx_id, amount: won ? expectedWin(b.stake, Number(b.odds)) : 0 }).catch(() => {});
  }
  return bets.length;
}

const lastSweep = new WeakMap<Db, Map<string, number>>();
/** At most every 5 seconds per site. */
export async function sweepSite(ctx: Ctx, siteId: string) {
  let m = lastSweep.get(ctx.db);
  if (!m) lastSweep.set(ctx.db, (m = new Map()));
  const now = Date.now();
  if (now - (m.get(siteId) ?? 0) < 5_000) return;
  m.set(siteId, now);
  await dealStale(ctx, siteId);
  await settleSports(ctx, siteId);
}

/** Before a member's game money moves back: rounds of theirs open for over a minute are dealt. */
export async function sweepMember(ctx: Ctx & { site: { id: string } }, memberId: number) {
  await dealStale(ctx, ctx.site.id, memberId);
}
