import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/server/db/driver.js';
import { applyPending } from '../../src/server/domain/money/accrualBatch.js';
import type { Trx } from '../../src/server/domain/money/ledger.js';
import { checkLedger } from '../../src/server/domain/money/ledgerCheck.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { callback, tx } from './gamesKit.js';
import { expectSound } from './moneyKit.js';
import { memberCalls } from '../../src/contract/member.js';

const SLOT = 'demo-slot';
const count = async (db: Db, table: 'ledger_pending' | 'daily_pending' | 'ledger_entry') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A settled bet through the signed wallet: stake, then a win of `win`. */
async function round(s: TestServer, memId: string, win: number) {
  const id = tx('acc');
  const b = await callback(s, SLOT, 'bet', { memId, txId: id, roundId: id, gameCode: 'lucky-sevens', amount: 10_000 });
  expect(b.resultCode).toBe('0');
  const w = await callback(s, SLOT, 'win', { memId, txId: `${id}:w`, betTxId: id, amount: win });
  expect(w.resultCode).toBe('0');
}

describe(`accrual of pending credits (${testDb})`, () => {
  let s: TestServer;
  // no timer: the test decides when batches run
  beforeAll(async () => {
    s = await startTestServer({ accrualMs: 0 });
  }, 400_000);
  afterAll(() => s?.close());

  it('a bet locks only the bettor: house and ancestors wait as pending, shown at once, ledger exact', async () => {
    const ptn1 = await s.login('ptn1');
    const shown = async () => (await s.loose(ptn1)(memberCalls.info, {})).data.member.pointAmt as number;
    const before = await shown();
    for (let i = 0; i < 6; i++) await round(s, `user${1 + (i % 3)}`, i % 2 ? 25_000 : 0);
    expect(await count(s.app.db, 'ledger_pending')).toBeGreaterThan(0);
    expect(await count(s.app.db, 'daily_pending')).toBeGreaterThan(0);
    const shownPending = await shown();
    expect(shownPending).toBeGreaterThan(before);
    await expectSound(s.app.db, s.siteId);
    await s.app.accrual.flush();
    expect(await count(s.app.db, 'ledger_pending')).toBe(0);
    expect(await count(s.app.db, 'daily_pending')).toBe(0);
    expect(await shown()).toBe(shownPending);
    await expectSound(s.app.db, s.siteId);
  });

  it("a win's rolling: one credit per paid level, and the house's side of all of them one compound entry", async () => {
    await round(s, 'user4', 0);
    await s.app.accrual.flush();
    const rows = await sql<{ member_id: number; counterpart_id: number; amount: number; house: boolean; levels: string | null }>`
      select e.member_id, e.counterpart_id, e.amount, m.login_type = 'HOUSE' as house, e.detail->>'levels' as levels
      from ledger_entry e join member m on m.id = e.member_id
      where e.kind = 'point' and e.type_code = 3
        and e.move_id = (select max(move_id) from ledger_entry where site_id = ${s.siteId} and kind = 'point' and type_code = 3)
      order by e.id`.execute(s.app.db);
    const house = rows.rows.filter((r) => r.house);
    const credits = rows.rows.filter((r) => !r.house);
    // the demo tree pays the bettor and several partners above it
    expect(credits.length).toBeGreaterThan(2);
    expect(new Set(credits.map((r) => r.member_id)).size).toBe(credits.length);
    expect(house).toHaveLength(1);
    expect(Number(house[0].amount)).toBe(-credits.reduce((t, r) => t + Number(r.amount), 0));
    expect(Number(house[0].levels)).toBe(credits.length);
    await expectSound(s.app.db, s.siteId);
  });

  it('a batch killed midway leaves every credit pending and the ledger exact; the next batch applies it once', async () => {
    for (let i = 0; i < 4; i++) await round(s, `user${6 + i}`, 15_000);
    const pending = await count(s.app.db, 'ledger_pending');
    const entries = await count(s.app.db, 'ledger_entry');
    expect(pending).toBeGreaterThan(0);
    const kill = async (trx: Trx) => {
      if (testDb !== 'postgres') throw new Error('crash mid-batch');
      // PostgreSQL: end the applier's backend as a dying process would
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const c = new pg.Client({ connectionString: s.app.config.databaseUrl });
      await c.connect();
      await c.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await c.end();
    };
    await expect(applyPending(s.app.db, { midBatch: kill })).rejects.toThrow();
    expect(await count(s.app.db, 'ledger_pending')).toBe(pending);
    expect(await count(s.app.db, 'ledger_entry')).toBe(entries);
    await expectSound(s.app.db, s.siteId);
    await s.app.accrual.flush();
    expect(await count(s.app.db, 'ledger_pending')).toBe(0);
    expect(await count(s.app.db, 'ledger_entry')).toBe(entries + pending);
    await expectSound(s.app.db, s.siteId);
  });

  it.runIf(testDb === 'postgres')(
    'two instances applying at once while bets run: each credit once, the check exact throughout',
    async () => {
      const others = await Promise.all([1, 2].map(() => openDb({ url: s.app.config.databaseUrl, dataDir: 'memory://', poolSize: 4 })));
      try {
        let done = false;
        const appliers = others.map(async (h) => {
          let applied = 0;
          while (!done) {
            const r = await applyPending(h.db, { limit: 40 });
            applied += r?.sides ?? 0;
            await new Promise((res) => setTimeout(res, 5));
          }
          return applied;
        });
        const checks: boolean[] = [];
        const checker = (async () => {
          while (!done) {
            checks.push((await checkLedger(s.app.db, s.siteId)).ok);
            await new Promise((res) => setTimeout(res, 50));
          }
        })();
        const bettors = ['user1', 'user2', 'user3', 'user6', 'user7', 'user11', 'user12', 'user16'];
        await Promise.all(
          bettors.map(async (memId) => {
            for (let i = 0; i < 12; i++) await round(s, memId, i % 3 ? 0 : 22_000);
          }),
        );
        await new Promise((res) => setTimeout(res, 300));
        done = true;
        const [a, b] = await Promise.all(appliers);
        await checker;
        console.log(`accrual: instance A applied ${a} sides, B ${b}; ${checks.length} checks during load`);
        expect(checks.length).toBeGreaterThan(0);
        expect(checks.every(Boolean)).toBe(true);
        await s.app.accrual.flush();
        expect(await count(s.app.db, 'ledger_pending')).toBe(0);
        await expectSound(s.app.db, s.siteId);
      } finally {
        await Promise.all(others.map((h) => h.close()));
      }
    },
    300_000,
  );
});
