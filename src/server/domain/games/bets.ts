/** Bet histories and bet detail, always inside the asker's own scope. */
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { betLabel, isGameCategory, settleGroups, type BetStatus } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { containsPattern, paged } from '../common/paging.js';
import { toWire } from '../common/time.js';
import { localName } from './localNames.js';
import { combinedOdds, expectedWin } from '../../../contract/odds.js';

/** Bets with their vendor, game and member; with a root, only the bets of that member's subtree. */
const base = (db: Db, rootId?: number) =>
  db
    .selectFrom('bet as b')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .$if(rootId !== undefined, (q) => q.innerJoin('member_path as p', (j) => j.onRef('p.descendant_id', '=', 'b.member_id').on('p.ancestor_id', '=', rootId!)));
type Q = ReturnType<typeof base>;

const cols = (locale: string) =>
  [
    'b.id',
    'b.tx_id',
    'b.round_id',
    'b.category',
    'b.stake',
    'b.win',
    'b.status',
    'b.before_amt',
    'b.after_amt',
    'b.created_at',
    'b.settled_at',
    'v.code as vendor_code',
    localName('v', locale, 'vendor_name'),
    'g.code as game_code',
    localName('g', locale, 'game_name'),
    'm.mem_id',
    'm.mem_nick',
  ] as const;
type Row = {
  id: number;
  tx_id: string;
  round_id: string;
  category: string;
  stake: number;
  win: number;
  status: string;
  before_amt: number;
  after_amt: number;
  created_at: Date;
  settled_at: Date | null;
  vendor_code: string;
  vendor_name: string;
  game_code: string;
  game_name: string;
  mem_id: string;
  mem_nick: string;
};

function toRow(r: Row) {
  const settled = r.status !== 'wait';
  return {
    betIdx: r.id,
    betId: r.tx_id,
    roundId: r.round_id,
    vendorCode: r.vendor_code,
    vendorName: r.vendor_name,
    gameCode: r.game_code,
    gameName: r.game_name,
    gameCategory: r.category,
    beforeCash: r.before_amt,
    cash: r.stake,
    winCash: r.win,
    afterCash: settled ? r.after_amt + (r.status === 'cancel' ? r.stake : r.win) : r.after_amt,
    resultCash: r.status === 'cancel' ? 0 : r.win - r.stake,
    type: r.status,
    resultLabel: betLabel(r.status),
    regDate: toWire(r.created_at),
    settleDate: r.settled_at ? toWire(r.settled_at) : null,
  };
}

export interface BetFilter {
  category?: string;
  vendorCode?: string;
  status?: BetStatus;
  range: Range;
  /** the locale game and vendor names are answered in */
  locale: string;
  page: number;
  perPage: number;
}

function filtered(q: Q, f: BetFilter): Q {
  q = q.where('b.created_at', '>=', f.range.from).where('b.created_at', '<', f.range.to);
  if (f.category === 'casino') q = q.where('b.category', 'in', settleGroups.casino);
  // a category the site does not have matches no bet
  else if (f.category) q = isGameCategory(f.category) ? q.where('b.category', '=', f.category) : q.where(sql<boolean>`false`);
  if (f.vendorCode) q = q.where('v.code', '=', f.vendorCode);
  if (f.status) q = q.where('b.status', '=', f.status);
  return q;
}

/** One page of bets through the one `paged`, newest first unless `order` says otherwise (the bet id breaks ties). */
function betPage(q: Q, f: BetFilter, order: { col: string; dir: 'asc' | 'desc' } = { col: 'b.created_at', dir: 'desc' }) {
  return paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) => q.select(cols(f.locale)).orderBy(sql.ref(order.col), order.dir).orderBy('b.id', order.dir).limit(w.limit).offset(w.offset).execute(),
    (r) => r,
  );
}

/** A player's own bets. */
export async function ownBets(db: Db, memberId: number, f: BetFilter) {
  const { list, pageInfo } = await betPage(filtered(base(db).where('b.member_id', '=', memberId), f), f);
  return { list: list.map(toRow), pageInfo };
}

export interface SubtreeFilter extends BetFilter {
  rootId: number;
  search?: { type: 'memId' | 'memNick' | 'recommenderId'; value: string };
  excludeSport?: boolean;
  orderColumn?: 'betAmt' | 'betWinAmt' | 'regDate';
  orderType?: 'asc' | 'desc';
}

function inSubtree(db: Db, f: SubtreeFilter): Q {
  let q = base(db, f.rootId);
  if (f.excludeSport && !f.category) q = q.where('b.category', '<>', 'sport');
  if (f.search?.type === 'memId') q = q.where('m.mem_id', '=', f.search.value);
  if (f.search?.type === 'memNick') q = q.where('m.mem_nick', 'ilike', containsPattern(f.search.value));
  if (f.search?.type === 'recommenderId') {
    const v = f.search.value;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        // the upper must lie inside the caller's subtree: an upline id finds nothing
        selectFrom('member_path as up')
          .innerJoin('member as a', 'a.id', 'up.ancestor_id')
          .innerJoin('member_path as rp', (j) => j.onRef('rp.descendant_id', '=', 'a.id').on('rp.ancestor_id', '=', f.rootId))
          .select('up.depth')
          .whereRef('up.descendant_id', '=', 'b.member_id')
          .where('up.depth', '>', 0)
          .where('a.mem_id', '=', v),
      ),
    );
  }
  return filtered(q, f);
}

async function withUppers(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.mem_id))];
  const ups = ids.length
    ? await db.selectFrom('member as m').leftJoin('member as u', 'u.id', 'm.parent_id').select(['m.mem_id', 'u.mem_id as up']).where('m.mem_id', 'in', ids).execute()
    : [];
  const up = new Map(ups.map((u) => [u.mem_id, u.up ?? '']));
  return rows.map((r) => ({ ...toRow(r), memId: r.mem_id, memNick: r.mem_nick, recommenderId: up.get(r.mem_id) ?? '', createdAt: toWire(r.created_at) }));
}

const orderCols = { betAmt: 'b.stake', betWinAmt: 'b.win', regDate: 'b.created_at', betDate: 'b.created_at' } as const;

/** Bets of a subtree (the partner betting list and the settlement sub-panel). */
export async function subtreeBets(db: Db, f: SubtreeFilter) {
  const { list, pageInfo } = await betPage(inSubtree(db, f), f, { col: orderCols[f.orderColumn ?? 'regDate'], dir: f.orderType ?? 'desc' });
  return { list: await withUppers(db, list), pageInfo };
}

/** Sports bets of a subtree, one row per leg; paging and order are over bets. */
export async function subtreeSportBets(db: Db, f: SubtreeFilter & { branchID?: number; sportOrder?: 'betAmt' | 'betWinAmt' | 'betDate' | 'eventDate' }) {
  let q = inSubtree(db, { ...f, category: 'sport' });
  if (f.branchID !== undefined) {
    const sport = f.branchID;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('bet_leg as l').innerJoin('sport_event as e', 'e.id', 'l.event_id').select('l.id').whereRef('l.bet_id', '=', 'b.id').where('e.sport_id', '=', sport)),
    );
  }
  const col = f.sportOrder === 'eventDate' ? '(select min(e.start_at) from bet_leg l join sport_event e on e.id = l.event_id where l.bet_id = b.id)' : null;
  const dir = f.orderType ?? 'desc';
  const ordered = col ? q.orderBy(sql.raw(col), dir) : q.orderBy(sql.ref(orderCols[(f.sportOrder ?? 'betDate') as 'betDate']), dir);
  const { list: bets, pageInfo } = await paged(
    { page: f.page, size: f.perPage },
    () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (w) =>
      ordered
        .select([...cols(f.locale), 'b.odds', 'b.bet_type'])
        .orderBy('b.id', dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (b) => b,
  );
  const legs = bets.length
    ? await db
        .selectFrom('bet_leg as l')
        .innerJoin('sport_event as e', 'e.id', 'l.event_id')
        .select([
          'l.id',
          'l.bet_id',
          'l.pick',
          'l.odds',
          'l.status',
          'e.start_at',
          'e.sport_id',
          'e.league',
          'e.league_ko',
          'e.home',
          'e.home_ko',
          'e.away',
          'e.away_ko',
          'e.home_score',
          'e.away_score',
        ])
        .where(
          'l.bet_id',
          'in',
          bets.map((b) => b.id),
        )
        .orderBy('l.bet_id')
        .orderBy('l.id')
        .execute()
    : [];
  const list = bets.flatMap((b) => {
    const mine = legs.filter((l) => l.bet_id === b.id);
    const total = b.odds != null ? Number(b.odds) : combinedOdds(mine.map((l) => Number(l.odds)));
    return mine.map((l) => ({
      betIdx: b.id,
      betId: b.tx_id,
      newLineID: l.id,
      memId: b.mem_id,
      memNick: b.mem_nick,
      eventDate: toWire(l.start_at),
      branchID: l.sport_id,
      leagueName: l.league,
      leagueNameKO: l.league_ko,
      homeTeam: l.home,
      homeTeamKO: l.home_ko,
      awayTeam: l.away,
      awayTeamKO: l.away_ko,
      score: l.home_score == null ? '' : `${l.home_score}:${l.away_score}`,
      yourBet: l.pick,
      lineOdds: Number(l.odds),
      status: l.status,
      betDate: toWire(b.created_at),
      betTypeName: mine.length > 1 ? 'multi' : 'single',
      betAmt: b.stake,
      betWinAmt: b.win,
      totalOdds: total,
      expectedWin: expectedWin(b.stake, total),
      type: b.status,
    }));
  });
  return { list, pageInfo };
}

/** One bet with its detail JSON, if it belongs to the viewer's subtree (itself included). */
export async function betDetail(db: Db, viewerId: number, betId: string, locale: string) {
  let q = base(db, viewerId);
  q = /^\d{1,15}$/.test(betId) ? q.where((eb) => eb.or([eb('b.id', '=', Number(betId)), eb('b.tx_id', '=', betId)])) : q.where('b.tx_id', '=', betId);
  const r = await q.select([...cols(locale), 'b.detail', 'g.kind', 'b.bet_type', 'b.odds']).executeTakeFirst();
  if (!r) throw new ApiError('A002');
  const d = r.detail ?? {};
  const legs =
    r.kind === 'sports'
      ? await db
          .selectFrom('bet_leg as l')
          .innerJoin('sport_event as e', 'e.id', 'l.event_id')
          .select(['l.pick', 'l.odds', 'l.status', 'e.home', 'e.away', 'e.home_score', 'e.away_score', 'e.start_at'])
          .where('l.bet_id', '=', r.id)
          .execute()
      : [];
  const status = r.status === 'wait' ? 'Open' : r.status === 'cancel' ? 'Cancelled' : 'Resolved';
  const detail = {
    dType: r.kind === 'baccarat' ? 'detail_5' : r.kind === 'sports' ? 'sports' : 'default',
    gameType: r.kind,
    gameProvider: r.vendor_name,
    gameName: r.game_name,
    id: r.round_id,
    playerId: r.mem_id,
    startedAt: r.created_at.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
    status,
    result:
      r.kind === 'baccarat'
        ? { player: d.player ?? null, banker: d.banker ?? null, winner: d.winner ?? null }
        : r.kind === 'sports'
          ? { legs: legs.map((l) => ({ ...l, odds: Number(l.odds), start_at: toWire(l.start_at) })), odds: r.odds != null ? Number(r.odds) : null }
          : d,
    bets:
      r.kind === 'baccarat'
        ? Object.entries((d.stakes ?? {}) as Record<string, number>)
            .filter(([, v]) => v)
            .map(([code, stake]) => ({ code, stake, placedOn: r.created_at.toISOString(), transactionId: r.tx_id }))
        : [{ betAmount: r.stake, winAmount: r.win, target: (d.pick as string) ?? r.bet_type ?? '', transactionId: r.tx_id }],
  };
  return {
    info: { betIdx: r.id, betId: r.tx_id, memId: r.mem_id, type: r.status, betAmt: r.stake, betWinAmt: r.win, regDate: toWire(r.created_at) },
    detail: JSON.stringify(detail),
  };
}
