import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/driver.js';
import { migrate, migrationFiles } from '../../src/server/db/migrate.js';
import { historyDetach, historyUpkeep } from '../../src/server/domain/money/historyUpkeep.js';
import { freshPostgres, startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound } from './moneyKit.js';
import { callback, cashOf, tx } from './gamesKit.js';

const SLOT = 'demo-slot';
const DAY_MS = 86_400_000;
const TABLES = ['bet', 'ledger_entry', 'wallet_tx'] as const;
const bet = (memId: string, txId: string, amount = 10_000) => ({ memId, txId, roundId: `r-${txId}`, gameCode: 'lucky-sevens', amount });

/** The Korea-time month `add` months after the one of `at`: its name (YYYY-MM), partition suffix and noon of its 10th day. */
function month(at: Date, add = 0) {
  const k = new Date(at.getTime() + 9 * 3_600_000);
  const first = new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() + add, 1));
  const name = first.toISOString().slice(0, 7);
  return { name, part: name.replace('-', '_'), mid: new Date(`${name}-10T12:00:00+09:00`) };
}

describe(`history partitioned by month (${testDb})`, () => {
  let s: TestServer;
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  const setNow = (at: Date) => (clock().offsetMs = at.getTime() - Date.now());
  const rows = async <T>(text: string) => (await sql.raw(text).execute(s.app.db)).rows as T[];
  const partitions = async (table: string) =>
    (await rows<{ p: string }>(`select c.relname p from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = '${table}'::regclass order by 1`)).map((r) => r.p);
  const partOf = async (table: string, where: string) => (await rows<{ p: string }>(`select tableoid::regclass::text p from ${table} where ${where}`)).map((r) => r.p);
  let start: Date;

  beforeAll(async () => {
    s = await startTestServer();
    start = new Date(s.now());
  });
  afterAll(() => s?.close());

  it('start-up made last month through two ahead; every row sits in its own Korea-time month', async () => {
    for (const t of TABLES) {
      const want = [-1, 0, 1, 2].map((a) => `${t}_${month(start, a).part}`);
      expect(await partitions(t)).toEqual(expect.arrayContaining([...want, `${t}_default`]));
    }
    const txId = tx('now');
    expect((await callback(s, SLOT, 'bet', bet('user1', txId))).resultCode).toBe('0');
    expect((await callback(s, SLOT, 'win', { memId: 'user1', txId: `${txId}:w`, betTxId: txId, amount: 25_000 })).resultCode).toBe('0');
    await s.app.accrual.flush();
    expect(await partOf('bet', `tx_id = '${txId}'`)).toEqual([`bet_${month(start).part}`]);
    expect(await partOf('wallet_tx', `tx_id like '${txId}%'`)).toEqual([`wallet_tx_${month(start).part}`, `wallet_tx_${month(start).part}`]);
    for (const t of TABLES) {
      const misplaced = await rows<{ n: number }>(
        `select count(*)::int n from ${t} where tableoid::regclass::text not in ('${t}_' || to_char(created_at at time zone 'Asia/Seoul', 'YYYY_MM'), '${t}_default')`,
      );
      expect(misplaced[0].n, t).toBe(0);
    }
    await expectSound(s.app.db, s.siteId);
  });

  it('a write past the months made lands in the default partition; upkeep moves it into its month; its win a month later settles it', async () => {
    const m4 = month(start, 4);
    const m5 = month(start, 5);
    setNow(m4.mid);
    const txId = tx('far');
    const u0 = await cashOf(s, 'user2');
    expect((await callback(s, SLOT, 'bet', bet('user2', txId))).resultCode).toBe('0');
    await s.app.accrual.flush();
    expect(await partOf('bet', `tx_id = '${txId}'`)).toEqual(['bet_default']);
    expect(await partOf('wallet_tx', `tx_id = '${txId}'`)).toEqual(['wallet_tx_default']);
    // a bet left open in this month (the archive below waits for it)
    expect((await callback(s, SLOT, 'bet', bet('user2', `${txId}-open`))).resultCode).toBe('0');

    // last month, this month and two ahead, for three tables
    expect(await historyUpkeep(s.app.db, new Date(s.now()))).toBe(12);
    expect(await historyUpkeep(s.app.db, new Date(s.now()))).toBe(0);
    expect(await partOf('bet', `tx_id = '${txId}'`)).toEqual([`bet_${m4.part}`]);
    expect(await partOf('wallet_tx', `tx_id = '${txId}'`)).toEqual([`wallet_tx_${m4.part}`]);
    for (const t of TABLES) expect((await rows<{ n: number }>(`select count(*)::int n from ${t}_default`))[0].n, t).toBe(0);
    for (const t of TABLES) expect(await partitions(t)).toContain(`${t}_${month(start, 6).part}`);

    setNow(m5.mid);
    const win = await callback(s, SLOT, 'win', { memId: 'user2', txId: `${txId}:w`, betTxId: txId, amount: 30_000 });
    expect([win.resultCode, win.data.status]).toEqual(['0', 'win']);
    expect(await partOf('wallet_tx', `tx_id = '${txId}:w'`)).toEqual([`wallet_tx_${m5.part}`]);
    expect((await rows<{ status: string }>(`select status from bet where tx_id = '${txId}'`))[0].status).toBe('win');
    const replay = await callback(s, SLOT, 'bet', bet('user2', txId));
    expect([replay.resultCode, replay.data.txId]).toEqual(['0', txId]);
    expect((await cashOf(s, 'user2')).cash).toBe(u0.cash + 20_000 - 10_000);
    await expectSound(s.app.db, s.siteId);
  });

  it('detaches a past month for archive: refused while a bet of it is open, then the ledger check stays exact for what remains', async () => {
    const m4 = month(start, 4);
    const m5 = month(start, 5);
    setNow(new Date(m5.mid.getTime() + DAY_MS));
    const open = (await rows<{ tx_id: string }>(`select tx_id from bet where status = 'wait' and tx_id like 'far-%-open'`))[0].tx_id;
    await s.app.accrual.flush();
    await expect(historyDetach(s.app.db, m4.name, new Date(s.now()))).rejects.toThrow(/open bets/);
    await expect(historyDetach(s.app.db, m5.name, new Date(s.now()))).rejects.toThrow(/not over/);
    expect((await callback(s, SLOT, 'rollback', { memId: 'user2', txId: `${open}:r`, betTxId: open })).resultCode).toBe('0');
    await s.app.accrual.flush();
    const u0 = await cashOf(s, 'user2');
    const entries = (await rows<{ n: number }>(`select count(*)::int n from ledger_entry_${m4.part}`))[0].n;
    expect(entries).toBeGreaterThan(0);

    expect(await historyDetach(s.app.db, m4.name, new Date(s.now()))).toEqual({ bet: 2, ledger_entry: entries, wallet_tx: 2 });
    for (const t of TABLES) expect(await partitions(t)).not.toContain(`${t}_${m4.part}`);
    // the detached tables stay, to dump and drop
    expect((await rows<{ n: number }>(`select count(*)::int n from bet_${m4.part}`))[0].n).toBe(2);
    await expectSound(s.app.db, s.siteId);
    await expect(historyDetach(s.app.db, m4.name, new Date(s.now()))).rejects.toThrow(/archived already/);
    // upkeep does not make an archived month again
    await historyUpkeep(s.app.db, new Date(s.now()));
    expect(await partitions('bet')).not.toContain(`bet_${m4.part}`);

    // an archived transaction id is still never applied twice
    const again = await callback(s, SLOT, 'bet', bet('user2', open));
    expect(again.resultCode).toBe('C999');
    expect((await cashOf(s, 'user2')).cash).toBe(u0.cash);

    // money keeps moving after the archive, and the check stays exact
    const next = tx('after');
    expect((await callback(s, SLOT, 'bet', bet('user2', next))).resultCode).toBe('0');
    expect((await callback(s, SLOT, 'win', { memId: 'user2', txId: `${next}:w`, betTxId: next, amount: 0 })).resultCode).toBe('0');
    await s.app.accrual.flush();
    expect((await cashOf(s, 'user2')).cash).toBe(u0.cash - 10_000);
    await expectSound(s.app.db, s.siteId);
  });
});

describe(`history partitions: the migration from un-partitioned tables (${testDb})`, () => {
  let h: DbHandle;
  let drop = async () => {};
  const q = (text: string) => h.withConnection((query) => query(text));
  const digest = (t: string) => q(`select count(*)::int n, md5(coalesce(string_agg(x::text, '|' order by x.id), '')) d from ${t} x`).then((r) => r[0]);

  beforeAll(async () => {
    let url: string | undefined;
    if (testDb === 'postgres') ({ url, drop } = await freshPostgres());
    h = await openDb({ url, dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await drop();
  });

  it('keeps every row, puts each in its month, and ids and keys continue', async () => {
    const dir = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
    await q('create table schema_migration (name text primary key, applied_at timestamptz not null default now())');
    for (const f of (await migrationFiles()).filter((f) => f < '230')) {
      await q(`begin;\n${await readFile(dir + f, 'utf8')}\n;\ninsert into schema_migration(name) values ('${f}');\ncommit;`);
    }
    // 600 bets, 1,200 wallet transactions and 1,200 entries over the last 14 months
    await q(`
      insert into site (id, prefix, name, api_key) values ('s1', 's1', 's1', 'k1');
      insert into member (site_id, mem_id, pass_hash, mem_nick, partner_level, login_type) values ('s1', 'p1', 'x', 'p1', 'NORMAL', 'NORMAL');
      insert into vendor (site_id, code, name, category, wallet_mode, secret) values ('s1', 'v1', 'v1', 'slot', 'seamless', 'x');
      insert into game (site_id, vendor_id, code, name, kind) select 's1', id, 'g1', 'g1', 'slot' from vendor;
      insert into bet (site_id, member_id, vendor_id, game_id, category, tx_id, round_id, stake, win, status, before_amt, after_amt, created_at)
        select 's1', m.id, g.vendor_id, g.id, 'slot', 'b' || i, 'r' || i, 100, 50, 'lose', 1000, 950, now() - (i * interval '17 hours')
        from generate_series(1, 600) i, member m, game g;
      insert into wallet_tx (site_id, vendor_id, tx_id, kind, member_id, bet_id, ref_tx_id, amount, before_amt, after_amt, result, created_at)
        select b.site_id, b.vendor_id, b.tx_id || k.s, k.kind, b.member_id, b.id, case when k.kind = 'rollback' then b.tx_id end, 1, 0, 1, '{"ok": true}', b.created_at
        from bet b cross join (values ('', 'bet'), (':w', 'rollback')) k(s, kind);
      insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id, created_at)
        select 's1', i, m.id, m.id, 'cash', 10, 0, 0, 0, m.id, m.id, now() - (i * interval '8 hours') from generate_series(1, 1200) i, member m;
      insert into sport_event (site_id, sport_id, league, league_ko, home, home_ko, away, away_ko, start_at, end_at, odds)
        values ('s1', 1, 'l', 'l', 'h', 'h', 'a', 'a', now(), now(), '{}');
      insert into bet_leg (site_id, bet_id, event_id, pick, odds) select 's1', (select min(id) from bet), (select id from sport_event), 'home', 2;`);
    const before = { bet: await digest('bet'), wallet_tx: await digest('wallet_tx'), ledger_entry: await digest('ledger_entry') };
    expect([before.bet.n, before.wallet_tx.n, before.ledger_entry.n]).toEqual([600, 1200, 1200]);
    const maxIds = await q(`select (select max(id) from bet) b, (select max(id) from wallet_tx) w, (select max(id) from ledger_entry) e`);

    expect(await migrate(h)).toEqual((await migrationFiles()).filter((f) => f >= '230'));

    for (const t of TABLES) {
      expect(await digest(t), t).toEqual(before[t]);
      const [placed] = await q(`select count(*) filter (where tableoid::regclass::text = '${t}_' || to_char(created_at at time zone 'Asia/Seoul', 'YYYY_MM'))::int n from ${t}`);
      expect(placed.n, t).toBe(before[t].n);
      expect((await q(`select relkind from pg_class where relname = '${t}'`))[0].relkind).toBe('p');
    }
    expect((await q('select count(*)::int n from wallet_tx_key'))[0].n).toBe(1200);
    const [next] = await q(`select nextval('bet_id_seq') b, nextval('wallet_tx_id_seq') w, nextval('ledger_entry_id_seq') e`);
    expect(Number(next.b)).toBeGreaterThan(Number(maxIds[0].b));
    expect(Number(next.w)).toBeGreaterThan(Number(maxIds[0].w));
    expect(Number(next.e)).toBeGreaterThan(Number(maxIds[0].e));
    // the vendor's ids stay unique for ever, whatever the month: a second b1, and a second rollback of b1
    await expect(
      q(`select wallet_record('s1', (select id from vendor), 'b1', 'bet', (select id from member), null, null, 1, 0, 1, '{}', now() + interval '1 year')`),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      q(`select wallet_record('s1', (select id from vendor), 'b1:x', 'rollback', (select id from member), null, 'b1', 1, 0, 1, '{}', now() + interval '1 year')`),
    ).rejects.toThrow(/duplicate key/);
  }, 300_000);
});
