/**
 * The vendor wallet: balance, bet, win and rollback callbacks, each one money transaction keyed by
 * the vendor's transaction id (a replay answers the first result), and game money for
 * transfer-wallet vendors (held by the site's game account, split per member in game_wallet).
 */
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { cashTypes } from '../../../contract/enums.js';
import { gameCashTypes, type GameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import { runMoney, systemAccounts, type Changed, type MoneyResult, type MoneyTx } from '../money/ledger.js';
import { pathRatesJson, settleInTx, toLevels, type PathRow } from './settlement.js';
import { callOf, type Actor } from '../money/transfers.js';
import { inCheckWindow } from '../site/siteOps.js';
import type { SiteRow } from '../../context.js';

export interface Vendor {
  id: number;
  siteId: string;
  code: string;
  name: string;
  category: GameCategory;
  walletMode: 'seamless' | 'transfer';
  secret: string;
  status: string;
  minBet: number;
  maxBet: number;
  maxWin: number;
}

export interface WalletResult {
  balance: number;
  txId?: string;
  betId?: number;
  status?: string;
  [k: string]: unknown;
}

const VENDOR_TTL = 5_000;
const vendorCache = new WeakMap<Db, Map<string, { at: number; v: Vendor | null }>>();

export async function vendorByCode(db: Db, siteId: string, code: string): Promise<Vendor | null> {
  let c = vendorCache.get(db);
  if (!c) vendorCache.set(db, (c = new Map()));
  const key = `${siteId}\n${code}`;
  const hit = c.get(key);
  if (hit && Date.now() - hit.at < VENDOR_TTL) return hit.v;
  const r = await db.selectFrom('vendor').selectAll().where('site_id', '=', siteId).where('code', '=', code).executeTakeFirst();
  const v: Vendor | null = r
    ? { id: r.id, siteId: r.site_id, code: r.code, name: r.name, category: r.category, walletMode: r.wallet_mode, secret: r.secret, status: r.status, minBet: r.min_bet, maxBet: r.max_bet, maxWin: r.max_win }
    : null;
  c.set(key, { at: Date.now(), v });
  return v;
}
export const forgetVendors = (db: Db) => vendorCache.delete(db);

export const GAME_ID = '__game__';
const gameCache = new WeakMap<Db, Map<string, number>>();
/** The site's game account (login type HOUSE): holds all game money of transfer-wallet vendors. */
export async function gameAccount(db: Db, siteId: string): Promise<number> {
  let c = gameCache.get(db);
  if (!c) gameCache.set(db, (c = new Map()));
  const hit = c.get(siteId);
  if (hit) return hit;
  await db.insertInto('member')
    .values({ site_id: siteId, mem_id: GAME_ID, pass_hash: '!', mem_nick: GAME_ID, partner_level: 'NORMAL', login_type: 'HOUSE', login_yn: 'N' })
    .onConflict((oc) => oc.columns(['site_id', 'mem_id']).doNothing())
    .execute();
  const r = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', GAME_ID).executeTakeFirstOrThrow();
  c.set(siteId, r.id);
  return r.id;
}

interface Player {
  id: number;
  loginType: string;
  status: string;
}
async function player(db: Db, siteId: string, memId: string): Promise<Player> {
  const r = await db.selectFrom('member').select(['id', 'login_type', 'status']).where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!r || r.login_type === 'HOUSE') throw new ApiError('U001');
  return { id: r.id, loginType: r.login_type, status: r.status };
}


/** The stored answer of an earlier wallet transaction, as a subquery of the read that follows the lock. */
const priorOf = (v: Vendor, where: RawBuilder<unknown>) =>
  sql`(select json_build_object('kind', kind, 'result', result, 'member_id', member_id) from wallet_tx where vendor_id = ${v.id}::bigint and ${where})`;

type Prior = { kind: string; result: unknown; member_id: number | null } | undefined;

/**
 * A stored answer of the same kind for the same player, or C999 when the id was used for another
 * kind of call or by another player (whose balance and round must not be answered).
 */
function replay(p: Prior, kind: string, memberId: number): WalletResult | null {
  if (!p) return null;
  if (p.kind !== kind || p.member_id !== memberId) throw new ApiError('C999');
  return p.result as WalletResult;
}

async function gameWallet(m: MoneyTx, memberId: number, vendor: Vendor): Promise<number> {
  const r = await m.trx
    .selectFrom('game_wallet').select('balance').where('member_id', '=', memberId).where('vendor_id', '=', vendor.id)
    .forUpdate().executeTakeFirst();
  return r?.balance ?? 0;
}

async function addGameMoney(m: MoneyTx, memberId: number, vendorId: number, delta: number) {
  if (!delta) return;
  // a debit only updates (an insert row is checked against balance >= 0 before any conflict)
  const wallet = delta > 0
    ? sql`insert into game_wallet (member_id, vendor_id, site_id, balance, updated_at) values (${memberId}::bigint, ${vendorId}::bigint, ${m.siteId}, ${delta}::bigint, ${m.at}::timestamptz)
        on conflict (member_id, vendor_id) do update set balance = game_wallet.balance + excluded.balance, updated_at = excluded.updated_at`
    : sql`update game_wallet set balance = balance + ${delta}::bigint, updated_at = ${m.at}::timestamptz where member_id = ${memberId}::bigint and vendor_id = ${vendorId}::bigint`;
  await sql`with w as (${wallet}) update member set game_amt = game_amt + ${delta}::bigint where id = ${memberId}::bigint`.execute(m.trx);
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

const moneyCall = (siteId: string, actorId: number, call: string, at: Date) => ({ siteId, actorId, requestKey: null, call, at });

export async function walletBalance(db: Db, v: Vendor, memId: string): Promise<WalletResult> {
  const p = await player(db, v.siteId, memId);
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
  legs?: { eventId: number; pick: 'home' | 'draw' | 'away'; odds: number }[];
  detail?: Record<string, unknown>;
}

/** The locked bettor of a callback (U001 when there is none): its lookup is its lock, one round trip. */
async function bettor(m: MoneyTx, memId: string) {
  const me = await m.lockMember(memId);
  if (!me) throw new ApiError('U001');
  return me;
}

/**
 * A stake leaves the player (seamless: cash; transfer: game money) to the house. Refused: a bet
 * whose transaction id was rolled back first (W005), partners (B0095), locked members (B1002),
 * bet lock (B1001), maintenance (B0093), unknown game (B0092), limits (B6001-B6003), no money (B6000).
 * Four round trips: begin, lock the bettor, read what the checks need, write everything and commit.
 */
export async function walletBet(db: Db, v: Vendor, b: BetReq, at: Date, site: Pick<SiteRow, 'check_start' | 'check_end' | 'lock_bet_yn'>): Promise<MoneyResult<WalletResult>> {
  const transfer = v.walletMode === 'transfer';
  const [{ house }, game] = await Promise.all([systemAccounts(db, v.siteId), transfer ? gameAccount(db, v.siteId) : 0]);
  return once(() => runMoney(db, moneyCall(v.siteId, 0, 'vendor:bet', at), async (m) => {
    const me = await bettor(m, b.memId);
    m.defer(transfer ? [house, game] : [house], { house: true });
    // read after the lock: every call that changes this bettor's bets holds the same lock
    const { rows: [r] } = await sql<{ prior: Prior; dead: boolean; game: { id: number; status: string } | null; bet_id: number }>`
      select ${priorOf(v, sql`tx_id = ${b.txId}`)} as prior,
             exists (select 1 from wallet_tx where vendor_id = ${v.id}::bigint and ref_tx_id = ${b.txId} and kind = 'rollback') as dead,
             (select json_build_object('id', id, 'status', status) from game where vendor_id = ${v.id}::bigint and code = ${b.gameCode}) as game,
             nextval('bet_id_seq') as bet_id
    `.execute(m.trx);
    const again = replay(r.prior, 'bet', me.id);
    if (again) return again;
    if (r.dead) throw new ApiError('W005');
    if (me.loginType !== 'NORMAL') throw new ApiError('B0095');
    if (me.status !== 'ACTIVE') throw new ApiError('B1002');
    if (inCheckWindow(site, at) || v.status !== 'ACTIVE') throw new ApiError('B0093');
    if (site.lock_bet_yn === 'Y') throw new ApiError('B1001');
    if (!r.game || r.game.status !== 'ACTIVE') throw new ApiError('B0092');
    if (b.amount < v.minBet) throw new ApiError('B6001');
    if (b.amount > v.maxBet) throw new ApiError('B6002');
    if ((b.maxPayout ?? 0) > v.maxWin) throw new ApiError('B6003');
    const before = transfer ? await gameWallet(m, me.id, v) : me.cash;
    if (before < b.amount) throw new ApiError('B6000');
    m.transfer({ kind: 'cash', from: transfer ? game : me.id, to: house, amount: b.amount, fromType: gameCashTypes.bet, toType: gameCashTypes.bet, short: 'B6000', detail: { txId: b.txId, vendor: v.code } });
    if (transfer) await addGameMoney(m, me.id, v.id, -b.amount);
    const after = before - b.amount;
    const betId = Number(r.bet_id);
    m.write(m.trx.insertInto('bet').values({
      id: betId, site_id: v.siteId, member_id: me.id, vendor_id: v.id, game_id: r.game.id, category: v.category, tx_id: b.txId, round_id: b.roundId,
      stake: b.amount, bet_type: b.betType ?? (b.legs ? (b.legs.length > 1 ? 'multi' : 'single') : 'normal'), odds: b.odds ?? null,
      before_amt: before, after_amt: after, detail: b.detail ? JSON.stringify(b.detail) : null, created_at: at,
    }));
    if (b.legs?.length) {
      m.write(m.trx.insertInto('bet_leg').values(b.legs.map((l) => ({ site_id: v.siteId, bet_id: betId, event_id: l.eventId, pick: l.pick, odds: l.odds }))));
    }
    const result: WalletResult = { balance: after, txId: b.txId, betId, status: 'wait' };
    m.write(m.trx.insertInto('wallet_tx').values({
      site_id: v.siteId, vendor_id: v.id, tx_id: b.txId, kind: 'bet', member_id: me.id, bet_id: betId, amount: -b.amount, before_amt: before, after_amt: after, result: JSON.stringify(result), created_at: at,
    }));
    return result;
  }));
}

interface BetRead {
  prior: Prior;
  bet: { id: number; member_id: number; category: GameCategory; stake: number; status: string; bet_type: string | null; created_at: string; detail: Record<string, unknown> | null; game_name: string } | null;
  path: PathRow[] | null;
}

/**
 * Settles the bet: win from the house, rolling to the path, daily figures. Locks only the bettor:
 * the house side, the ancestors' rolling and the daily figures are applied by the accrual step.
 * W003 no such bet, W004 settled, W005 rolled back. Four round trips, as a bet.
 */
export async function walletWin(db: Db, v: Vendor, w: { memId: string; txId: string; betTxId: string; amount: number; detail?: Record<string, unknown> }, at: Date): Promise<MoneyResult<WalletResult>> {
  const transfer = v.walletMode === 'transfer';
  const [{ house }, game] = await Promise.all([systemAccounts(db, v.siteId), transfer ? gameAccount(db, v.siteId) : 0]);
  return once(() => runMoney(db, moneyCall(v.siteId, 0, 'vendor:win', at), async (m) => {
    const me = await bettor(m, w.memId);
    m.defer(transfer ? [house, game] : [house], { house: true });
    const { rows: [r] } = await sql<BetRead>`
      select ${priorOf(v, sql`tx_id = ${w.txId}`)} as prior,
             (select json_build_object('id', b.id, 'member_id', b.member_id, 'category', b.category, 'stake', b.stake, 'status', b.status, 'bet_type', b.bet_type,
                                       'created_at', b.created_at, 'detail', b.detail, 'game_name', g.name)
                from bet b join game g on g.id = b.game_id where b.vendor_id = ${v.id}::bigint and b.tx_id = ${w.betTxId}) as bet,
             (select ${pathRatesJson(me.id, { category: sql`b.category`, vendorId: sql`b.vendor_id`, rateType: sql`coalesce(b.bet_type, 'normal')` })}
                from bet b where b.vendor_id = ${v.id}::bigint and b.tx_id = ${w.betTxId}) as path
    `.execute(m.trx);
    const again = replay(r.prior, 'win', me.id);
    if (again) return again;
    // the vendor's own ceiling on one payout: a larger win is refused, never paid
    if (w.amount > v.maxWin) throw new ApiError('B6003');
    const bet = r.bet;
    if (!bet || Number(bet.member_id) !== me.id) throw new ApiError('W003');
    if (bet.status === 'cancel') throw new ApiError('W005');
    if (bet.status !== 'wait') throw new ApiError('W004');
    const levels = toLevels(r.path ?? []);
    m.defer(levels.filter((l) => l.id !== me.id).map((l) => l.id), { house: false });
    const before = transfer ? await gameWallet(m, me.id, v) : me.cash;
    const betId = Number(bet.id);
    const { status } = settleInTx(m, {
      id: betId, siteId: v.siteId, memberId: me.id, vendorId: v.id, category: bet.category, stake: Number(bet.stake), betType: bet.bet_type,
      createdAt: new Date(bet.created_at), vendorName: v.name, gameName: bet.game_name,
    }, w.amount, levels, house, transfer ? game : me.id, at, w.detail ? { ...(bet.detail ?? {}), ...w.detail } : null);
    if (transfer) await addGameMoney(m, me.id, v.id, w.amount);
    const after = before + w.amount;
    const result: WalletResult = { balance: after, txId: w.txId, betId, status };
    m.write(m.trx.insertInto('wallet_tx').values({
      site_id: v.siteId, vendor_id: v.id, tx_id: w.txId, kind: 'win', member_id: me.id, bet_id: betId, amount: w.amount, before_amt: before, after_amt: after, result: JSON.stringify(result), created_at: at,
    }));
    return result;
  }));
}

/**
 * Cancels an open bet and returns its stake. A rollback of a settled bet is refused (W004); one
 * arriving before its bet is recorded, so that bet is refused later; a repeated rollback (same or
 * another transaction id for the same bet) answers the first result.
 */
export async function walletRollback(db: Db, v: Vendor, r: { memId: string; txId: string; betTxId: string }, at: Date): Promise<MoneyResult<WalletResult>> {
  const transfer = v.walletMode === 'transfer';
  const [{ house }, game] = await Promise.all([systemAccounts(db, v.siteId), transfer ? gameAccount(db, v.siteId) : 0]);
  return once(() => runMoney(db, moneyCall(v.siteId, 0, 'vendor:rollback', at), async (m) => {
    const me = await bettor(m, r.memId);
    m.defer(transfer ? [house, game] : [house], { house: true });
    const { rows: [q] } = await sql<{ by_id: Prior; by_ref: Prior; bet: { id: number; member_id: number; stake: number; status: string } | null }>`
      select ${priorOf(v, sql`tx_id = ${r.txId}`)} as by_id,
             ${priorOf(v, sql`ref_tx_id = ${r.betTxId} and kind = 'rollback'`)} as by_ref,
             (select json_build_object('id', id, 'member_id', member_id, 'stake', stake, 'status', status) from bet where vendor_id = ${v.id}::bigint and tx_id = ${r.betTxId}) as bet
    `.execute(m.trx);
    const again = replay(q.by_id, 'rollback', me.id) ?? replay(q.by_ref, 'rollback', me.id);
    if (again) return again;
    const bet = q.bet && { id: Number(q.bet.id), memberId: Number(q.bet.member_id), stake: Number(q.bet.stake), status: q.bet.status };
    if (bet && bet.memberId !== me.id) throw new ApiError('W003');
    if (bet && bet.status !== 'wait') throw new ApiError(bet.status === 'cancel' ? 'W005' : 'W004');
    const before = transfer ? await gameWallet(m, me.id, v) : me.cash;
    let after = before;
    if (bet) {
      m.transfer({ kind: 'cash', from: house, to: transfer ? game : me.id, amount: bet.stake, fromType: gameCashTypes.refund, toType: gameCashTypes.refund, short: 'B0099', detail: { betId: bet.id } });
      if (transfer) await addGameMoney(m, me.id, v.id, bet.stake);
      m.write(m.trx.updateTable('bet').set({ status: 'cancel', settled_at: at }).where('id', '=', bet.id));
      after = before + bet.stake;
    }
    const result: WalletResult = { balance: after, txId: r.txId, betId: bet?.id, status: 'cancel' };
    m.write(m.trx.insertInto('wallet_tx').values({
      site_id: v.siteId, vendor_id: v.id, tx_id: r.txId, kind: 'rollback', member_id: me.id, bet_id: bet?.id ?? null, ref_tx_id: r.betTxId,
      amount: bet?.stake ?? 0, before_amt: before, after_amt: after, result: JSON.stringify(result), created_at: at,
    }));
    return result;
  }));
}

// --- transfer-wallet game money

/** Moves all of a member's cash into a transfer vendor's game money (-19 on the member). */
export async function cashToGame(db: Db, siteId: string, memberId: number, v: Vendor, at: Date): Promise<MoneyResult<{ cashAmt: number; gameAmt: number; moved: number }>> {
  const game = await gameAccount(db, siteId);
  return runMoney(db, moneyCall(siteId, memberId, 'game:in', at), async (m) => {
    await m.lock([memberId, game]);
    const me = m.account(memberId);
    const moved = me.cash;
    if (moved > 0) {
      m.transfer({ kind: 'cash', from: memberId, to: game, amount: moved, fromType: cashTypes.gameOut, toType: cashTypes.gameOut, short: 'B6000', detail: { vendor: v.code } });
      await addGameMoney(m, memberId, v.id, moved);
    }
    const g = await gameWallet(m, memberId, v);
    return { cashAmt: me.cash, gameAmt: g, moved };
  });
}

/**
 * Game money back to cash (19 on the member): `amount` (default all) from one vendor or all.
 * C009 while a round of a transfer vendor is open; C202 beyond the game money held.
 */
export async function gameToCash(
  db: Db, actor: Actor, memberId: number,
  f: { vendorId?: number; amount?: number },
): Promise<MoneyResult<{ cashAmt: number; gameAmt: number; moved: number }>> {
  const game = await gameAccount(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([memberId, game]);
    let open = m.trx.selectFrom('bet as b').innerJoin('vendor as v', 'v.id', 'b.vendor_id').select('b.id')
      .where('b.member_id', '=', memberId).where('b.status', '=', 'wait').where('v.wallet_mode', '=', 'transfer');
    if (f.vendorId) open = open.where('b.vendor_id', '=', f.vendorId);
    if (await open.limit(1).executeTakeFirst()) throw new ApiError('C009');
    let q = m.trx.selectFrom('game_wallet').select(['vendor_id', 'balance']).where('member_id', '=', memberId).where('balance', '>', 0);
    if (f.vendorId) q = q.where('vendor_id', '=', f.vendorId);
    const wallets = await q.orderBy('vendor_id').forUpdate().execute();
    const total = wallets.reduce((a, w) => a + w.balance, 0);
    const want = f.amount ?? total;
    if (want > total) throw new ApiError('C202');
    let left = want;
    for (const w of wallets) {
      const take = Math.min(left, w.balance);
      if (take > 0) await addGameMoney(m, memberId, w.vendor_id, -take);
      left -= take;
    }
    if (want > 0) m.transfer({ kind: 'cash', from: game, to: memberId, amount: want, fromType: cashTypes.gameIn, toType: cashTypes.gameIn, short: 'C202' });
    const g = await m.trx.selectFrom('member').select('game_amt').where('id', '=', memberId).executeTakeFirstOrThrow();
    return { cashAmt: m.account(memberId).cash, gameAmt: g.game_amt, moved: want };
  });
}

export type { Changed };
