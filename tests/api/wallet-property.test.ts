import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { split } from '../../src/server/domain/money/commissions.js';
import { cashToGame, vendorByCode } from '../../src/server/domain/games/wallet.js';
import { adminGrant } from '../../src/server/domain/money/transfers.js';
import { callback, cashOf, expectTotalsKept, tx } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId } from './moneyKit.js';

const players = ['user1', 'user2', 'user3', 'user6'];
// a seamless vendor pays from cash, a transfer vendor from the player's game money there
const vendors = { 'demo-slot': 'lucky-sevens', 'demo-live': 'baccarat-a' } as const;
type VendorCode = keyof typeof vendors;

const op = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('bet' as const),
      who: fc.constantFrom(...players),
      v: fc.constantFrom<VendorCode>('demo-slot', 'demo-live'),
      amt: fc.integer({ min: 1, max: 60 }).map((n) => n * 1_000),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('win' as const), pick: fc.nat(), times: fc.constantFrom(0, 0, 1, 2, 3) }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('rollback' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }), weight: 1 },
);

interface Bet {
  v: VendorCode;
  who: string;
  txId: string;
  stake: number;
  state: 'wait' | 'settled' | 'cancel';
}
interface Sent {
  v: VendorCode;
  action: string;
  body: Record<string, unknown>;
  answer: { resultCode: string; data: unknown };
}

async function funds(s: TestServer, who: string, v: VendorCode): Promise<number> {
  if (v === 'demo-slot') return (await cashOf(s, who)).cash;
  const r = await s.app.db
    .selectFrom('game_wallet as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .innerJoin('vendor as v', 'v.id', 'w.vendor_id')
    .select('w.balance')
    .where('m.mem_id', '=', who)
    .where('v.code', '=', v)
    .executeTakeFirst();
  return r?.balance ?? 0;
}

describe(`wallet properties (${testDb})`, () => {
  let s: TestServer;
  let admin: Parameters<typeof adminGrant>[1];
  beforeAll(async () => {
    s = await startTestServer();
    const db = s.app.db;
    const live = (await vendorByCode(db, s.siteId, 'demo-live'))!;
    admin = { siteId: s.siteId, id: await memberId(db, s.siteId, 'admin'), requestKey: null, call: 'test', at: new Date() };
    // small balances on both wallets, moved through the ledger, so that B6000 comes up
    for (const p of players) {
      const { cash, id } = await cashOf(s, p);
      if (cash > 200_000) await adminGrant(db, admin, { memId: p, amount: cash - 200_000, mode: -2 });
      if (cash < 200_000) await adminGrant(db, admin, { memId: p, amount: 200_000 - cash, mode: 2 });
      await cashToGame(db, s.siteId, id, live, new Date());
      await adminGrant(db, admin, { memId: p, amount: 200_000, mode: 2 });
    }
  });
  afterAll(() => s?.close());

  it('commission_split (SQL) pays exactly what split() pays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 0, maxLength: 9 }), async (amount, bps) => {
        const { rows } = await sql<{ bp: number; cumulative: string; paid: string; diff_bp: number }>`
          select bp, cumulative::text, paid::text, diff_bp from commission_split(${amount}::bigint, ${`{${bps.join(',')}}`}::int[]) order by ord`.execute(s.app.db);
        expect(rows.map((r) => ({ bp: r.bp, cumulative: Number(r.cumulative), paid: Number(r.paid), diffBp: r.diff_bp }))).toEqual(split(amount, bps));
      }),
      { numRuns: 200 },
    );
  });

  it("any sequence of bets, wins, rollbacks and replays moves exactly the model's money; the ledger stays exact", async () => {
    const taken = { bet: 0, win: 0, rollback: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const model = new Map<string, number>();
        for (const p of players) for (const v of Object.keys(vendors) as VendorCode[]) model.set(`${p}/${v}`, await funds(s, p, v));
        const bets: Bet[] = [];
        const sent: Sent[] = [];
        const firstRollback = new Map<string, unknown>();
        const send = async (v: VendorCode, action: string, body: Record<string, unknown>) => {
          const r = await callback(s, v, action, body);
          sent.push({ v, action, body, answer: { resultCode: r.resultCode, data: r.data } });
          if (r.resultCode === '0') taken[action as 'bet']++;
          else taken.refused++;
          return r;
        };
        for (const o of ops) {
          if (o.t === 'bet') {
            const key = `${o.who}/${o.v}`;
            const b: Bet = { v: o.v, who: o.who, txId: tx('pb'), stake: o.amt, state: 'wait' };
            const r = await send(o.v, 'bet', { memId: o.who, txId: b.txId, roundId: b.txId, gameCode: vendors[o.v], amount: o.amt });
            if (model.get(key)! < o.amt) {
              expect(r.resultCode).toBe('B6000');
              continue;
            }
            expect(r.resultCode).toBe('0');
            model.set(key, model.get(key)! - o.amt);
            expect(r.data.balance).toBe(model.get(key));
            bets.push(b);
          } else if (o.t === 'win' || o.t === 'rollback') {
            if (!bets.length) continue;
            const b = bets[o.pick % bets.length];
            const key = `${b.who}/${b.v}`;
            const amount = o.t === 'win' ? b.stake * o.times : b.stake;
            const r =
              o.t === 'win'
                ? await send(b.v, 'win', { memId: b.who, txId: tx('pw'), betTxId: b.txId, amount })
                : await send(b.v, 'rollback', { memId: b.who, txId: tx('pr'), betTxId: b.txId });
            if (b.state === 'settled') expect(r.resultCode).toBe('W004');
            else if (b.state === 'cancel' && o.t === 'win') expect(r.resultCode).toBe('W005');
            else if (b.state === 'cancel') expect(r.data).toEqual(firstRollback.get(b.txId));
            else {
              expect(r.resultCode).toBe('0');
              model.set(key, model.get(key)! + amount);
              expect(r.data.balance).toBe(model.get(key));
              b.state = o.t === 'win' ? 'settled' : 'cancel';
              if (o.t === 'rollback') firstRollback.set(b.txId, r.data);
            }
          } else {
            const done = sent.filter((x) => x.answer.resultCode === '0');
            if (!done.length) continue;
            const x = done[o.pick % done.length];
            const r = await callback(s, x.v, x.action, x.body);
            expect({ resultCode: r.resultCode, data: r.data }).toEqual(x.answer);
          }
        }
        for (const [key, want] of model) {
          const [who, v] = key.split('/');
          expect(await funds(s, who, v as VendorCode), key).toBe(want);
        }
      }),
      { numRuns: 25 },
    );
    // the runs did exercise every path, not only refusals
    expect(Math.min(taken.bet, taken.win, taken.rollback, taken.refused), JSON.stringify(taken)).toBeGreaterThan(0);
    await s.app.accrual.flush();
    await expectSound(s.app.db, s.siteId);
    expect(await expectTotalsKept(s)).toBeGreaterThan(0);
  });
  it('16 callers at once, every callback sent twice at the same moment: each moves money once, the ledger exact', async () => {
    const want = new Map<string, number>();
    for (const p of players) {
      await adminGrant(s.app.db, admin, { memId: p, amount: 100_000, mode: 2 });
      want.set(p, await funds(s, p, 'demo-slot'));
    }
    const caller = async (n: number) => {
      const who = players[n % players.length];
      for (let i = 0; i < 6; i++) {
        const txId = tx(`c${n}`);
        const stake = 1_000 * (1 + ((n + i) % 5));
        const win = ((n * 7 + i) % 3) * stake;
        const bet = { memId: who, txId, roundId: txId, gameCode: vendors['demo-slot'], amount: stake };
        const [a, b] = await Promise.all([callback(s, 'demo-slot', 'bet', bet), callback(s, 'demo-slot', 'bet', bet)]);
        expect([a.resultCode, b.resultCode]).toEqual(['0', '0']);
        expect(a.data).toEqual(b.data);
        const settle = { memId: who, txId: `${txId}:w`, betTxId: txId, amount: win };
        const [c, d] = await Promise.all([callback(s, 'demo-slot', 'win', settle), callback(s, 'demo-slot', 'win', settle)]);
        expect([c.resultCode, d.resultCode]).toEqual(['0', '0']);
        expect(c.data).toEqual(d.data);
        want.set(who, want.get(who)! - stake + win);
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, n) => caller(n)));
    for (const p of players) expect(await funds(s, p, 'demo-slot'), p).toBe(want.get(p));
    await s.app.accrual.flush();
    await expectSound(s.app.db, s.siteId);
    expect(await expectTotalsKept(s)).toBeGreaterThan(0);
  });
});
