/**
 * The money bench's server side, run as its own process so the load generator gets the other core:
 * starts the API on an empty db (DATABASE_URL or in-memory PGlite), adds bench accounts, prints them
 * as one JSON line, then answers `raw spread` / `raw hot` (the db's own rates for a transfer's work),
 * `variant A` / `variant B` (how a movement's moved total is kept: see movedVariant) and `exit`.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import type { Db } from '../src/server/db/driver.js';
import { houseGrants } from '../src/server/domain/money/ledger.js';
import { hashToken, newToken } from '../src/server/domain/auth/tokens.js';
import { startBenchServer } from './server.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_MONEY_SECONDS ?? 5);

export interface Pair {
  partner: { id: number; token: string };
  child: { id: number; memId: string };
}

/** 16 partners with one child each (spread case) and one partner with 16 children (hot case). */
async function setup(db: Db, siteId: string): Promise<{ spread: Pair[]; hot: Pair[] }> {
  const parent = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', 'ptn6').executeTakeFirstOrThrow();
  const add = async (memId: string, parentId: number, level: string, loginType: string) => {
    const { id } = await db
      .insertInto('member')
      .values({ site_id: siteId, mem_id: memId, pass_hash: '!', mem_nick: memId, partner_level: level, login_type: loginType, parent_id: parentId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into member_path (ancestor_id, descendant_id, depth)
      select ${id}::bigint, ${id}::bigint, 0 union all
      select ancestor_id, ${id}::bigint, depth + 1 from member_path where descendant_id = ${parentId}::bigint`.execute(db);
    return id;
  };
  const session = async (id: number) => {
    const token = newToken();
    await db
      .insertInto('session')
      .values({ site_id: siteId, member_id: id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return token;
  };
  const spread: Pair[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const p = await add(`bp${i}`, parent.id, 'PTN_7', 'PARTNER');
    const c = await add(`bc${i}`, p, 'NORMAL', 'NORMAL');
    spread.push({ partner: { id: p, token: await session(p) }, child: { id: c, memId: `bc${i}` } });
  }
  const hp = await add('bhot', parent.id, 'PTN_7', 'PARTNER');
  const hotToken = await session(hp);
  const hot: Pair[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const c = await add(`bhc${i}`, hp, 'NORMAL', 'NORMAL');
    hot.push({ partner: { id: hp, token: hotToken }, child: { id: c, memId: `bhc${i}` } });
  }
  const funded = [...spread.map((x) => x.partner.id), hp];
  await houseGrants(
    db,
    siteId,
    funded.map((id) => ({ id, kind: 'cash' as const, amount: 1e12 })),
  );
  return { spread, hot };
}

/** The db's own limit: 16 loops of BEGIN; two single-row UPDATEs; COMMIT on the same rows. */
/**
 * The database's own rate for the work of one transfer, 16 clients as the load: `double-entry` locks
 * the two rows, updates both and inserts two ledger entries (a zero amount, so the ledger stays
 * exact); `update` is the older, lighter reference (two UPDATEs), printed beside it.
 */
async function rawRate(db: Db, siteId: string, pairs: Pair[], shape: 'double-entry' | 'update'): Promise<number> {
  let n = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    pairs.map(async ({ partner, child }) => {
      while (Date.now() < end) {
        await db.transaction().execute(async (trx) => {
          if (shape === 'double-entry') {
            await sql`select id from member where id in (${partner.id}, ${child.id}) order by id for no key update`.execute(trx);
          }
          await sql`update member set game_amt = game_amt + 1 where id = ${partner.id}`.execute(trx);
          await sql`update member set game_amt = game_amt + 1 where id = ${child.id}`.execute(trx);
          if (shape === 'double-entry') {
            await sql`insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id)
              select ${siteId}, mv, a, b, 'cash', 0, 0, 0, 0, ${partner.id}::bigint, ${child.id}::bigint
              from (select nextval('ledger_move_seq') as mv) m, (values (${partner.id}::bigint, ${child.id}::bigint), (${child.id}::bigint, ${partner.id}::bigint)) v(a, b)`.execute(
              trx,
            );
          }
        });
        n++;
      }
    }),
  );
  return n / SECONDS;
}

const posting = readFileSync(new URL('../src/server/db/functions/money_posting.sql', import.meta.url), 'utf8');

/**
 * The posting primitive in one of two forms, for an A/B in one run: A as it stands (money_post adds
 * each transfer to a transaction-local setting, one set_config a transfer), B without it, money_done
 * summing the movement's own ledger rows instead (the credit side of each transfer: those this
 * transaction wrote at the movement's time).
 */
function movedVariant(v: string): string {
  if (v === 'A') return posting;
  const keep = /\n *-- the movement's moved total per kind[^\n]*\n *perform set_config\('pitboss\.moved_'[^\n]*/;
  const answer = "'moved', money_moved())";
  if (!keep.test(posting) || !posting.includes(answer)) throw new Error('money_posting.sql changed: the B variant no longer applies');
  return (
    posting.replace(keep, '').replace(answer, "'moved', money_moved_rows(p_site, p_at))") +
    `
create or replace function money_moved_rows(p_site text, p_at timestamptz) returns jsonb language sql as $$
  select jsonb_build_object('cash', coalesce(sum(amount) filter (where kind = 'cash'), 0), 'point', coalesce(sum(amount) filter (where kind = 'point'), 0))
  from (select kind, amount from ledger_entry
        where site_id = p_site and kind in ('cash', 'point') and created_at = p_at and amount > 0 and xmin = pg_current_xact_id()::text::xid
        union all
        select kind, amount from ledger_pending
        where site_id = p_site and created_at = p_at and amount > 0 and xmin = pg_current_xact_id()::text::xid) x
$$;`
  );
}

const srv = await startBenchServer({ databaseUrl: process.env.DATABASE_URL || undefined });
const site = await srv.app.db.selectFrom('site').select(['id', 'api_key']).where('prefix', '=', 'demo').executeTakeFirstOrThrow();
const pairs = await setup(srv.app.db, site.id);
console.log(JSON.stringify({ url: srv.url, apiKey: site.api_key, siteId: site.id, kind: srv.app.handle.kind, ...pairs }));
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, which] = line.trim().split(' ');
  if (cmd === 'raw') {
    const list = which === 'hot' ? pairs.hot : pairs.spread;
    const raw = await rawRate(srv.app.db, site.id, list, 'double-entry');
    const update = await rawRate(srv.app.db, site.id, list, 'update');
    console.log(JSON.stringify({ raw, update }));
  }
  if (cmd === 'variant') {
    await srv.app.handle.exec(movedVariant(which));
    console.log(JSON.stringify({ variant: which }));
  }
  if (cmd === 'exit') break;
}
await srv.close();
process.exit(0);
