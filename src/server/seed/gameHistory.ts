/**
 * 30 days of bets for the demo players through the real wallet (bet, then win at the round's
 * end), so commissions, points and daily figures come out exactly as live play makes them.
 */
import { ApiError } from '../../contract/codes.js';
import type { Deps } from '../domain/deps.js';
import { kstDayStart } from '../domain/common/time.js';
import { cashToGame, gameToCash, vendorByCode, walletBet, walletWin, type Vendor } from '../domain/games/wallet.js';
import { deal, payout } from '../vendors/demo/baccarat.js';
import { play as playMini } from '../vendors/demo/mini.js';
import { spin } from '../vendors/demo/slot.js';
import { combinedOdds, expectedWin } from '../../contract/odds.js';
import { ensureEvents } from '../vendors/demo/sports.js';
import { settleSports } from '../vendors/demo/sweep.js';
import type { SeedScope } from './scope.js';

const MIN = 60_000;
const DAYS = 30;

function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

/** Refusals (no money that day) are skipped like a player who stopped. */
async function tryIt<T>(f: () => Promise<T>): Promise<T | null> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof ApiError) return null;
    throw e;
  }
}

export async function seedBets(app: Deps, { siteId, ids }: SeedScope): Promise<void> {
  const db = app.db;
  const now = app.clock.now();
  const site = (await app.sites.get(siteId))!;
  const v = async (code: string) => (await vendorByCode(db, siteId, code))!;
  const [live, hotel, slot, sports, mini] = await Promise.all(['demo-live', 'demo-hotel', 'demo-slot', 'demo-sports', 'demo-mini'].map(v));
  const rand = rng(4242);
  await ensureEvents(db, siteId, kstDayStart(now, DAYS), new Date(now.getTime() + 86_400_000), new Date(now.getTime() - 3600_000));
  const events = await db.selectFrom('sport_event').select(['id', 'start_at', 'odds']).where('site_id', '=', siteId).orderBy('start_at').execute();
  let n = 0;
  const txId = () => `seed-${++n}`;
  const stake = (min: number, steps: number, unit: number) => min + rand(steps) * unit;

  const round = async (
    vendor: Vendor,
    memId: string,
    game: string,
    amount: number,
    at: Date,
    win: (a: number) => { win: number; detail?: Record<string, unknown> },
    extra: Record<string, unknown> = {},
  ) => {
    const id = txId();
    const b = await tryIt(() => walletBet(db, vendor, { memId, txId: id, roundId: id, gameCode: game, amount, ...extra }, at, site));
    if (!b) return;
    const w = win(amount);
    await walletWin(db, vendor, { memId, txId: `${id}:w`, betTxId: id, amount: w.win, detail: w.detail }, new Date(at.getTime() + 40_000));
  };

  const players = [...ids.entries()].filter(([m]) => /^user\d+$/.test(m));
  for (let day = DAYS - 1; day >= 0; day--) {
    for (const [memId, memberId] of players) {
      if (rand(100) < 70) continue;
      let t = new Date(kstDayStart(now, day).getTime() + (12 * 60 + rand(10 * 60)) * MIN);
      if (t > now) t = new Date(now.getTime() - (20 + rand(60)) * MIN);
      const kind = rand(100);
      const rounds = 2 + rand(3);
      const next = () => (t = new Date(t.getTime() + (1 + rand(3)) * MIN));
      if (kind < 25) {
        const moved = await tryIt(() => cashToGame(db, siteId, memberId, live, t));
        if (!moved?.result.gameAmt) continue;
        for (let i = 0; i < rounds; i++) {
          const spot = rand(10) < 5 ? 'banker' : rand(10) < 9 ? 'player' : 'tie';
          const stakes = { [spot]: stake(1_000, 10, 1_000) };
          const hand = deal();
          await round(
            live,
            memId,
            'baccarat-a',
            stakes[spot]!,
            next(),
            () => ({ win: payout(stakes, hand.result), detail: { player: hand.player, banker: hand.banker, winner: hand.result } }),
            { detail: { stakes } },
          );
        }
        await gameToCash(db, { siteId, id: memberId, requestKey: null, call: 'seed', at: next() }, memberId, {});
      } else if (kind < 35) {
        for (let i = 0; i < rounds; i++) {
          const stakes = { banker: stake(5_000, 4, 5_000) };
          const hand = deal();
          await round(
            hotel,
            memId,
            'hotel-baccarat',
            stakes.banker,
            next(),
            () => ({ win: payout(stakes, hand.result), detail: { player: hand.player, banker: hand.banker, winner: hand.result } }),
            { detail: { stakes } },
          );
        }
      } else if (kind < 65) {
        for (let i = 0; i < rounds * 2; i++) {
          await round(slot, memId, rand(2) ? 'lucky-sevens' : 'cherry-rush', stake(500, 10, 500), next(), (a) => {
            const s = spin(a);
            return { win: s.win, detail: { reels: s.reels, line: s.line, multiplier: s.multiplier } };
          });
        }
      } else if (kind < 85) {
        const open = events.filter((e) => new Date(e.start_at) > t && new Date(e.start_at).getTime() < t.getTime() + 86_400_000);
        for (let i = 0; i < Math.min(2, rounds) && open.length; i++) {
          const legs = Array.from(new Set(Array.from({ length: 1 + rand(3) }, () => open[rand(open.length)]))).map((e) => ({
            eventId: e.id,
            pick: rand(2) ? ('home' as const) : ('away' as const),
            odds: e.odds[rand(2) ? 'home' : 'away'],
          }));
          legs.forEach((l) => (l.odds = events.find((e) => e.id === l.eventId)!.odds[l.pick]));
          const odds = combinedOdds(legs.map((l) => l.odds));
          const amount = stake(5_000, 10, 1_000);
          const id = txId();
          await tryIt(() =>
            walletBet(
              db,
              sports,
              { memId, txId: id, roundId: id, gameCode: 'sportsbook', amount, legs, odds, maxPayout: expectedWin(amount, odds), betType: legs.length > 1 ? 'multi' : 'single' },
              next(),
              site,
            ),
          );
        }
      } else {
        for (let i = 0; i < rounds; i++) {
          const pick = rand(2) ? ('odd' as const) : ('even' as const);
          await round(
            mini,
            memId,
            'odd-even',
            stake(1_000, 5, 1_000),
            next(),
            (a) => {
              const r = playMini(pick, a);
              return { win: r.win, detail: { number: r.number, result: r.result, pick } };
            },
            { detail: { pick } },
          );
        }
      }
    }
  }
  await settleSports(app, siteId);
}
