/** The demo vendor's play calls, made by the PWA's game page with its launch token. */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../contract/codes.js';
import { demoCalls as c } from '../../../contract/game.js';
import type { RequestContext } from '../../context.js';
import { toWire } from '../../domain/common/time.js';
import { callerLocale, localName } from '../../domain/games/localNames.js';
import type { Vendor } from '../../domain/games/wallet.js';
import { defineRoute } from '../../handler.js';
import { readLaunch } from '../launchToken.js';
import { stakeOf } from './baccarat.js';
import { callWallet } from './client.js';
import { play as playMini } from './mini.js';
import { spin } from './slot.js';
import { combinedOdds, expectedWin } from '../../../contract/odds.js';
import { ensureEvents } from './sports.js';
import { dealRound, sweepSite } from './sweep.js';

async function session(ctx: RequestContext, t: string, kind: string) {
  const { launch, vendor } = await readLaunch(ctx.db, t, ctx.clock.now());
  const locale = callerLocale({ cookie: ctx.cookie, site: await ctx.sites.get(vendor.siteId) });
  const game = await ctx.db
    .selectFrom('game as g')
    .innerJoin('vendor as v', 'v.id', 'g.vendor_id')
    // the names the player reads in the game's bar, in the player's language
    .select(['g.code', 'g.kind', localName('g', locale, 'name'), localName('v', locale, 'vendorName')])
    .where('g.vendor_id', '=', vendor.id)
    .where('g.code', '=', launch.gameCode)
    .executeTakeFirst();
  if (!game || (kind && game.kind !== kind)) throw new ApiError('B0092');
  void sweepSite(ctx, vendor.siteId).catch(() => {});
  return { launch, vendor, game };
}

/** A round's bet and, when already settled by an earlier try, its stored outcome. */
async function placed(ctx: RequestContext, v: Vendor, memId: string, roundId: string, gameCode: string, amount: number, extra: Record<string, unknown> = {}) {
  const txId = `${roundId}:b`;
  const bet = await callWallet(ctx, v, 'bet', { memId, txId, roundId, gameCode, amount, ...extra });
  const row = await ctx.db.selectFrom('bet').select(['id', 'status', 'win', 'detail']).where('id', '=', bet.betId!).executeTakeFirstOrThrow();
  return { txId, bet, row };
}

const balanceOf = (ctx: RequestContext, v: Vendor, memId: string) => callWallet(ctx, v, 'balance', { memId }).then((r) => r.balance);

export const demoRoutes = [
  defineRoute(c.session, async (req, ctx) => {
    const { launch, vendor, game } = await session(ctx, req.t, '');
    return {
      memId: launch.memId,
      vendorCode: vendor.code,
      vendorName: game.vendorName,
      gameCode: game.code,
      gameName: game.name,
      kind: game.kind,
      walletMode: vendor.walletMode,
      balance: await balanceOf(ctx, vendor, launch.memId),
      minBet: vendor.minBet,
      maxBet: vendor.maxBet,
      maxWin: vendor.maxWin,
    };
  }),

  defineRoute(c.slotSpin, async (req, ctx) => {
    const { launch, vendor, game } = await session(ctx, req.t, 'slot');
    const roundId = req.roundId ?? randomUUID();
    const { txId, row } = await placed(ctx, vendor, launch.memId, roundId, game.code, req.bet);
    if (row.status !== 'wait') {
      const d = (row.detail ?? {}) as { reels?: string[]; line?: string; multiplier?: number };
      return { roundId, reels: d.reels ?? [], line: d.line ?? '', multiplier: d.multiplier ?? 0, win: row.win, balance: await balanceOf(ctx, vendor, launch.memId) };
    }
    const s = spin(req.bet);
    const w = await callWallet(ctx, vendor, 'win', {
      memId: launch.memId,
      txId: `${roundId}:w`,
      betTxId: txId,
      amount: s.win,
      detail: { reels: s.reels, line: s.line, multiplier: s.multiplier },
    });
    return { roundId, ...s, balance: w.balance };
  }),

  defineRoute(c.baccaratBet, async (req, ctx) => {
    const { launch, vendor, game } = await session(ctx, req.t, 'baccarat');
    const stakes = { player: req.player, banker: req.banker, tie: req.tie };
    const stake = stakeOf(stakes);
    if (!stake) throw new ApiError('C206');
    const roundId = req.roundId ?? randomUUID();
    const maxPayout = Math.max((req.tie ?? 0) * 9 + (req.player ?? 0) + (req.banker ?? 0), (req.player ?? 0) * 2, (req.banker ?? 0) * 2);
    const { bet } = await placed(ctx, vendor, launch.memId, roundId, game.code, stake, { maxPayout, detail: { stakes } });
    return { roundId, stake, balance: bet.balance };
  }),

  defineRoute(c.baccaratDeal, async (req, ctx) => {
    const { launch, vendor } = await session(ctx, req.t, 'baccarat');
    const bet = await ctx.db
      .selectFrom('bet as b')
      .innerJoin('member as m', 'm.id', 'b.member_id')
      .select(['b.tx_id', 'b.round_id', 'b.detail', 'b.status', 'b.stake', 'b.win', 'm.mem_id'])
      .where('b.vendor_id', '=', vendor.id)
      .where('b.tx_id', '=', `${req.roundId}:b`)
      .where('b.member_id', '=', launch.memberId)
      .executeTakeFirst();
    if (!bet) throw new ApiError('W003');
    if (bet.status === 'wait') {
      const r = await dealRound(ctx, vendor, bet);
      return { roundId: req.roundId, player: r.hand.player, banker: r.hand.banker, result: r.hand.result, stake: bet.stake, win: r.win, balance: r.balance };
    }
    const d = (bet.detail ?? {}) as { player?: { cards: string[]; score: number }; banker?: { cards: string[]; score: number }; winner?: 'player' | 'banker' | 'tie' };
    if (!d.player || !d.banker || !d.winner) throw new ApiError('W005');
    return { roundId: req.roundId, player: d.player, banker: d.banker, result: d.winner, stake: bet.stake, win: bet.win, balance: await balanceOf(ctx, vendor, launch.memId) };
  }),

  defineRoute(c.miniPlay, async (req, ctx) => {
    const { launch, vendor, game } = await session(ctx, req.t, 'oddeven');
    const roundId = req.roundId ?? randomUUID();
    const { txId, row } = await placed(ctx, vendor, launch.memId, roundId, game.code, req.bet, { maxPayout: Math.floor((req.bet * 195) / 100), detail: { pick: req.pick } });
    if (row.status !== 'wait') {
      const d = (row.detail ?? {}) as { number?: number; result?: 'odd' | 'even' };
      return { roundId, number: d.number ?? 0, result: d.result ?? 'odd', win: row.win, balance: await balanceOf(ctx, vendor, launch.memId) };
    }
    const r = playMini(req.pick, req.bet);
    const w = await callWallet(ctx, vendor, 'win', { memId: launch.memId, txId: `${roundId}:w`, betTxId: txId, amount: r.win, detail: { number: r.number, result: r.result } });
    return { roundId, ...r, balance: w.balance };
  }),

  defineRoute(c.sportsEvents, async (req, ctx) => {
    const { vendor } = await session(ctx, req.t, 'sports');
    const now = ctx.clock.now();
    await ensureEvents(ctx.db, vendor.siteId, now, new Date(now.getTime() + 2 * 86_400_000), new Date(now.getTime() - 600_000));
    const rows = await ctx.db
      .selectFrom('sport_event')
      .selectAll()
      .where('site_id', '=', vendor.siteId)
      .where('status', '=', 'open')
      .where('start_at', '>', now)
      .orderBy('start_at')
      .limit(60)
      .execute();
    return {
      list: rows.map((e) => ({
        eventId: e.id,
        branchID: e.sport_id,
        leagueName: e.league,
        leagueNameKO: e.league_ko,
        homeTeam: e.home,
        homeTeamKO: e.home_ko,
        awayTeam: e.away,
        awayTeamKO: e.away_ko,
        eventDate: toWire(e.start_at),
        odds: { home: e.odds.home, away: e.odds.away, ...(e.odds.draw ? { draw: e.odds.draw } : {}) },
      })),
    };
  }),

  defineRoute(c.sportsBet, async (req, ctx) => {
    const { launch, vendor, game } = await session(ctx, req.t, 'sports');
    const ids = req.picks.map((p) => p.eventId);
    if (new Set(ids).size !== ids.length) throw new ApiError('V001', 'picks: one pick per event');
    const events = await ctx.db.selectFrom('sport_event').select(['id', 'odds', 'start_at', 'status']).where('site_id', '=', vendor.siteId).where('id', 'in', ids).execute();
    const now = ctx.clock.now();
    const legs = req.picks.map((p) => {
      const e = events.find((x) => x.id === p.eventId);
      const odds = e?.odds[p.pick];
      if (!e || e.status !== 'open' || new Date(e.start_at) <= now || !odds) throw new ApiError('V001', `picks: event ${p.eventId} is not open for ${p.pick}`);
      return { eventId: e.id, pick: p.pick, odds };
    });
    const odds = combinedOdds(legs.map((l) => l.odds));
    const win = expectedWin(req.stake, odds);
    const roundId = req.roundId ?? randomUUID();
    const { bet } = await placed(ctx, vendor, launch.memId, roundId, game.code, req.stake, {
      legs,
      odds,
      maxPayout: win,
      betType: legs.length > 1 ? 'multi' : 'single',
      detail: { legs: legs.length },
    });
    return { betId: bet.betId!, roundId, odds, expectedWin: win, balance: bet.balance };
  }),
];
