/**
 * The vendor wallet: balance, bet, win and rollback callbacks, each one money transaction keyed by
 * the vendor's transaction id (a replay answers the first result), and game money for
 * transfer-wallet vendors (held by the site's game account, split per member in game_wallet).
 */
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import type { BetPick, GameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import { openVendorSecret } from './vendorSecret.js';
import { movementHead, runMovement, systemAccounts, type Actor, type Changed, type MoneyResult } from '../money/ledger.js';
import { inCheckWindow } from '../site/siteRow.js';
import type { SiteRow } from '../site/siteRow.js';

export interface Vendor {
  id: number;
  siteId: string;
  code: string;
  name: string;
  category: GameCategory;
  walletMode: 'seamless' | 'transfer';
  /** opened from its sealed row; held only as long as the cache below keeps the vendor */
  secret: string;
  status: string;
  minBet: number;
  maxBet: number;
  maxWin: number;
  /** a sandbox credential: plays for the site's test players only, against its play-money account */
  sandbox: boolean;
}

export interface WalletResult {
  balance: number;
  txId?: string;
  betId?: number;
  status?: string;
  [k: string]: unknown;
}

const VENDOR_TTL = 5_000;
interface Kept {
  at: number;
  v: Vendor | null;
  /** the read under way once the entry is past its time: one per vendor, however many callbacks arrive meanwhile */
  next?: Promise<Vendor | null>;
}
const vendorCache = new WeakMap<Db, Map<string, Kept>>();

export async function vendorByCode(db: Db, siteId: string, code: string): Promise<Vendor | null> {
  let c = vendorCache.get(db);
  if (!c) vendorCache.set(db, (c = new Map()));
  const key = `${siteId}\n${code}`;
  const hit = c.get(key);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < VENDOR_TTL) return hit.v;
  // past its time the entry is read again, once: the callbacks arriving while that read runs (a
  // vendor's whole concurrent load) answer from the entry they have instead of each waiting on a
  // read of its own (a burst of round trips every period); an entry two periods old is waited for
  const refresh = () => {
    const read = readVendor(db, siteId, code).then((v) => (c.set(key, { at: Date.now(), v }), v));
    if (hit) {
      hit.next = read;
      read.catch(() => (hit.next = undefined));
    }
    return read;
  };
  const next = hit?.next ?? refresh();
  return hit && age < 2 * VENDOR_TTL ? hit.v : next;
}

// a revoked sandbox credential is unknown (W001)
async function readVendor(db: Db, siteId: string, code: string): Promise<Vendor | null> {
  const r = await db.selectFrom('vendor').selectAll().where('site_id', '=', siteId).where('code', '=', code).where('revoked_at', 'is', null).executeTakeFirst();
  return r
    ? {
        id: r.id,
        siteId: r.site_id,
        code: r.code,
        name: r.name,
        category: r.category,
        walletMode: r.wallet_mode,
        secret: await openVendorSecret(db, r.secret),
        status: r.status,
        minBet: r.min_bet,
        maxBet: r.max_bet,
        maxWin: r.max_win,
        sandbox: r.sandbox,
      }
    : null;
}
export const forgetVendors = (db: Db) => vendorCache.delete(db);

export const GAME_ID = '__game__';
/** The site's play-money account: test players' play money comes from it and their bets go to it, never the house. */
export const PLAY_ID = '__play__';
const accountCache = new WeakMap<Db, Map<string, number>>();
/** A house account of the site (login type HOUSE, never signs in), made on first use. */
async function houseAccount(db: Db, siteId: string, memId: string): Promise<number> {
  let c = accountCache.get(db);
  if (!c) accountCache.set(db, (c = new Map()));
  const hit = c.get(`${siteId}\n${memId}`);
  if (hit) return hit;
  await db
    .insertInto('member')
    .values({ site_id: siteId, mem_id: memId, pass_hash: '!', mem_nick: memId, partner_level: 'NORMAL', login_type: 'HOUSE', login_yn: 'N' })
    .onConflict((oc) => oc.columns(['site_id', 'mem_id']).doNothing())
    .execute();
  const r = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
  c.set(`${siteId}\n${memId}`, r.id);
  return r.id;
}
/** The site's game account: holds all game money of transfer-wallet vendors. */
export const gameAccount = (db: Db, siteId: string) => houseAccount(db, siteId, GAME_ID);
export const playAccount = (db: Db, siteId: string) => houseAccount(db, siteId, PLAY_ID);

interface Player {
  id: number;
  loginType: string;
  status: string;
}
/** The vendor's player: U001 if none, W010 when a sandbox credential names a real player or a real vendor a test player. */
async function player(db: Db, v: Vendor, memId: string): Promise<Player> {
  const r = await db.selectFrom('member').select(['id', 'login_type', 'status', 'test_player']).where('site_id', '=', v.siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!r || r.login_type === 'HOUSE') throw new ApiError('U001');
  if (r.test_player !== v.sandbox) throw new ApiError('W010');
  return { id: r.id, loginType: r.login_type, status: r.status };
}

/** Runs a callback; a concurrent duplicate that lost the race on the unique key is answered from the winner. */
async function once<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if ((e as { code?: string }).code === '23505') return run();
    throw e;
  }
}

export async function walletBalance(db: Db, v: Vendor, memId: string): Promise<WalletResult> {
  const p = await player(db, v, memId);
  if (v.walletMode === 'seamless') {
    const r = await db.selectFrom('member').select('cash_amt').where('id', '=', p.id).executeTakeFirstOrThrow();
    return { balance: r.cash_amt };
  }
  const r = await db.selectFrom('game_wallet').select('balance').where('member_id', '=', p.id).where('vendor_id', '=', v.id).executeTakeFirst();
  return { balance: r?.balance ?? 0 };
}

export interface BetReq {
  memId: string;
  txId: string;
  roundId: string;
  gameCode: string;
  amount: number;
  maxPayout?: number;
  betType?: string;
  odds?: number;
  legs?: { eventId: number; pick: BetPick; odds: number }[];
  detail?: Record<string, unknown>;
}

/** The accounts a callback names beside the bettor: the house, and the game account of a transfer vendor. */
async function sides(db: Db, v: Vendor) {
  const transfer = v.walletMode === 'transfer';
  // a sandbox credential's bets and wins move play money: its own account stands in for the house
  const [{ house }, game] = await Promise.all([v.sandbox ? { house: await playAccount(db, v.siteId) } : systemAccounts(db, v.siteId), transfer ? gameAccount(db, v.siteId) : null]);
  return sql`${transfer}, ${house}::bigint, ${game}::bigint`;
}

/** One wallet function call (wallet_bet.sql, wallet_win.sql, wallet_rollback.sql): the whole callback in one round trip, keyed by the vendor's transaction id. */
const call = (db: Db, v: Vendor, statement: () => RawBuilder<unknown>) => once(() => runMovement<WalletResult>(db, v.siteId, statement));

/**
 * A stake leaves the player (seamless: cash; transfer: game money) to the house. Refused: a bet
 * whose transaction id was rolled back first (W005), partners (B0095), locked members (B1002),
 * maintenance (B0093), bet lock (B1001), unknown game (B0092), limits (B6001-B6003), no money (B6000).
 */
export async function walletBet(db: Db, v: Vendor, b: BetReq, at: Date, site: Pick<SiteRow, 'check_start' | 'check_end' | 'lock_bet_yn'>): Promise<MoneyResult<WalletResult>> {
  const accounts = await sides(db, v);
  const closed = inCheckWindow(site, at) || v.status !== 'ACTIVE';
  const betType = b.betType ?? (b.legs ? (b.legs.length > 1 ? 'multi' : 'single') : 'normal');
  const legs = b.legs?.length ? JSON.stringify(b.legs.map((l) => ({ event_id: l.eventId, pick: l.pick, odds: l.odds }))) : null;
  return call(
    db,
    v,
    () => sql`select wallet_bet(${v.siteId}, ${v.id}::bigint, ${v.code}, ${v.category}, ${accounts},
    ${closed}, ${site.lock_bet_yn === 'Y'}, ${v.minBet}::bigint, ${v.maxBet}::bigint, ${v.maxWin}::bigint,
    ${b.memId}, ${b.txId}, ${b.roundId}, ${b.gameCode}, ${b.amount}::bigint, ${b.maxPayout ?? null}::bigint,
    ${betType}, ${b.odds ?? null}::numeric, ${legs}::jsonb, ${b.detail ? JSON.stringify(b.detail) : null}::jsonb, ${at}::timestamptz) as r`,
  );
}

/**
 * Settles the bet: win from the house, rolling to the path, daily figures. Locks only the bettor:
 * the house side, the ancestors' rolling and the daily figures are applied by the accrual step.
 * B6003 above the vendor's ceiling, W003 no such bet, W005 rolled back, W004 settled.
 */
export async function walletWin(
  db: Db,
  v: Vendor,
  w: { memId: string; txId: string; betTxId: string; amount: number; detail?: Record<string, unknown> },
  at: Date,
): Promise<MoneyResult<WalletResult>> {
  const accounts = await sides(db, v);
  return call(
    db,
    v,
    () => sql`select wallet_win(${v.siteId}, ${v.id}::bigint, ${v.name}, ${accounts}, ${v.maxWin}::bigint,
    ${w.memId}, ${w.txId}, ${w.betTxId}, ${w.amount}::bigint, ${w.detail ? JSON.stringify(w.detail) : null}::jsonb, ${at}::timestamptz) as r`,
  );
}

/**
 * Cancels an open bet and returns its stake. A rollback of a settled bet is refused (W004); one
 * arriving before its bet is recorded, so that bet is refused later; a repeated rollback (same or
 * another transaction id for the same bet) answers the first result.
 */
export async function walletRollback(db: Db, v: Vendor, r: { memId: string; txId: string; betTxId: string }, at: Date): Promise<MoneyResult<WalletResult>> {
  const accounts = await sides(db, v);
  return call(
    db,
    v,
    () => sql`select wallet_rollback(${v.siteId}, ${v.id}::bigint, ${accounts},
    ${r.memId}, ${r.txId}, ${r.betTxId}, ${at}::timestamptz) as r`,
  );
}

// --- transfer-wallet game money

/** Moves all of a member's cash into a transfer vendor's game money (-19 on the member; money_game_in). */
export async function cashToGame(db: Db, siteId: string, memberId: number, v: Vendor, at: Date): Promise<MoneyResult<{ cashAmt: number; gameAmt: number; moved: number }>> {
  const game = await gameAccount(db, siteId);
  const actor: Actor = { siteId, id: memberId, requestKey: null, call: 'game:in', at };
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_game_in(${siteId}, ${memberId}::bigint, ${actor.call}, ${at}::timestamptz,
    ${game}::bigint, ${v.id}::bigint, ${v.code}) as r`,
  );
}

/**
 * Game money back to cash (19 on the member): `amount` (default all) from one vendor or all.
 * C009 while a round of a transfer vendor is open; C202 beyond the game money held (money_game_out).
 */
export async function gameToCash(
  db: Db,
  actor: Actor,
  memberId: number,
  f: { vendorId?: number; amount?: number },
): Promise<MoneyResult<{ cashAmt: number; gameAmt: number; moved: number }>> {
  const game = await gameAccount(db, actor.siteId);
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_game_out(${movementHead(actor)}, ${game}::bigint, ${memberId}::bigint,
    ${f.vendorId ?? null}::bigint, ${f.amount ?? null}::bigint) as r`,
  );
}

export type { Changed };
