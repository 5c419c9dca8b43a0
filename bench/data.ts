/**
 * `npm run bench:data`: a fresh PostgreSQL database `pitboss_bench` with the demo site, a 7-level
 * tree of BENCH_MEMBERS (100,000) members and BENCH_BETS (10,000,000) settled bets over the last 90
 * KST days, with the daily figures (daily_stat 'O' and 'T', and their all-time sums in member_stat) the settlement would have kept for them.
 * Smaller builds: BENCH_MEMBERS=10000 BENCH_BETS=200000 npm run bench:data. Bets go into bet's month
 * partitions (migration 230_history_partitions.sql), made for the 90 days first.
 *
 * No ledger entries, wallet transactions or rolling points are written for these bets: reports read
 * bet and daily_stat only. Balances are left as generated (never below zero) and each bet's
 * before/after amounts stand alone (before >= stake, so after >= 0).
 */
import { performance } from 'node:perf_hooks';
import { gameCategories } from '../src/contract/game.js';
import { systemClock } from '../src/server/clock.js';
import { readConfig } from '../src/server/config.js';
import type { AppContext } from '../src/server/context.js';
import { openDb, type Db, type DbHandle } from '../src/server/db/driver.js';
import { migrate } from '../src/server/db/migrate.js';
import { demoRate } from '../src/server/seed/games.js';
import { seedDemo } from '../src/server/seed/demo.js';
import { makePublisher } from '../src/server/live/makePublisher.js';
import { startAccrual } from '../src/server/domain/money/accrualTimer.js';
import { SessionCache } from '../src/server/domain/auth/sessionCache.js';
import { InfoCache } from '../src/server/domain/auth/infoCache.js';
import { ensureSecretsFile } from '../src/server/domain/auth/secretsFile.js';
import { SiteCache } from '../src/server/domain/site/siteCache.js';
import { createMember } from '../src/server/domain/auth/members.js';
import { dailyBetting } from '../src/server/domain/reports/betting.js';
import { figures } from '../src/server/domain/reports/figures.js';
import { commissionPlan } from '../src/server/domain/money/commissions.js';
import { pathRates, type PathLevel } from '../src/server/domain/games/pathRates.js';
import { kstDay } from '../src/server/domain/common/time.js';
import { admin, buildTree, dbUrl } from './tree.js';

// BENCH_DATA_DB names another database (a small build beside the large one)
export const BENCH_DB = process.env.BENCH_DATA_DB ?? 'pitboss_bench';
export const BENCH_ROOT = 'bench1';
export const BENCH_PASSWORD = 'demo1234!';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 10_000_000);
const DAYS = 90;
const SESSION = 20; // bets in a row by one player on one game, 30 s apart
const DAY_MS = 86_400_000;

/** Partners per level below the top partner at 100,000 members; the rest are players under PTN_7. */
const partnerShape: [string, number, string][] = [
  ['bp2', 4, 'PTN_2'],
  ['bp3', 12, 'PTN_3'],
  ['bp4', 40, 'PTN_4'],
  ['bp5', 120, 'PTN_5'],
  ['bp6', 400, 'PTN_6'],
  ['bp7', 1200, 'PTN_7'],
];

/** Game mix (percent of sessions) and the stake unit per game. */
const mix: [string, number, number][] = [
  ['baccarat-a', 18, 1_000],
  ['speed-baccarat', 12, 1_000],
  ['hotel-baccarat', 5, 5_000],
  ['lucky-sevens', 25, 100],
  ['cherry-rush', 15, 100],
  ['sportsbook', 15, 1_000],
  ['odd-even', 10, 1_000],
];

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function timed(label: string, fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  console.log(`${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
}

async function buildMembers(app: AppContext): Promise<number> {
  const { db, handle } = app;
  const root = await createMember(db, { siteId: 'demo', memId: BENCH_ROOT, password: BENCH_PASSWORD, memNick: `${BENCH_ROOT}_nick`, partnerLevel: 'PTN_1', loginType: 'PARTNER' });
  const scale = MEMBERS / 100_000;
  const levels = partnerShape.map(([p, n, l]): [string, number, string] => [p, Math.max(1, Math.round(n * scale)), l]);
  const partners = 1 + levels.reduce((a, [, n]) => a + n, 0);
  levels.push(['bu', Math.max(1, MEMBERS - partners), 'NORMAL']);
  await timed(`members: ${levels.map(([, n, l]) => `${fmt(n)} ${l}`).join(', ')} under ${BENCH_ROOT}`, () => buildTree((t) => handle.exec(t), root, levels));
  const rates = levels
    .flatMap(([, , l]) => ['PTN_1', l])
    .filter((l, i, a) => a.indexOf(l) === i)
    .flatMap((l) => gameCategories.map((c) => ({ l, c, ...demoRate(l, c) })));
  await timed('rates: demo defaults per level', () =>
    handle.exec(`
    insert into rate (site_id, member_id, category, point_rate, lose_rate)
    select 'demo', m.id, r.c, r.p, r.l from member m
    join (values ${rates.map((r) => `('${r.l}', '${r.c}', ${r.pointRate}, ${r.loseRate})`).join(', ')}) r(lvl, c, p, l) on r.lvl = m.partner_level
    where m.id >= ${root}`),
  );
  return root;
}

/**
 * Scratch tables: the players to draw from, the game mix, and per player and category the
 * cumulative rates up its path, bettor first (the running maximum, as commissionPlan splits).
 * Generated members have no per-vendor rate_detail rows and no operator on their paths, so a path
 * index is the closure depth and the category rate is the one settlement reads.
 */
async function scratch(h: DbHandle, root: number) {
  const cats = gameCategories.map((c) => `('${c}')`).join(', ');
  await h.exec(`
    drop table if exists bench_player, bench_game, bench_path_rate, bench_agg;
    create unlogged table bench_player as
      select (row_number() over (order by id) - 1)::int idx, id, cash_amt from member where login_type = 'NORMAL' and id > ${root};
    alter table bench_player add primary key (idx);
    create unlogged table bench_game as
      select g.id game_id, v.id vendor_id, v.category, g.kind, x.unit, x.lo, x.hi
      from (values ${mix.map(([code, , unit], i) => `('${code}', ${unit}, ${mix.slice(0, i).reduce((a, m) => a + m[1], 0)}, ${mix.slice(0, i + 1).reduce((a, m) => a + m[1], 0)})`).join(', ')}) x(code, unit, lo, hi)
      join game g on g.site_id = 'demo' and g.code = x.code join vendor v on v.id = g.vendor_id;
    create unlogged table bench_path_rate as
      select member_id, category, array_agg(p order by depth) p, array_agg(l order by depth) l
      from (select p.descendant_id member_id, p.depth, c.category,
                   max(round(coalesce(r.point_rate, 0) * 100)::int) over w p, max(round(coalesce(r.lose_rate, 0) * 100)::int) over w l
            from bench_player b join member_path p on p.descendant_id = b.id cross join (values ${cats}) c(category)
            left join rate r on r.member_id = p.ancestor_id and r.category = c.category
            window w as (partition by p.descendant_id, c.category order by p.depth)) x
      group by member_id, category;
    alter table bench_path_rate add primary key (member_id, category);
    create unlogged table bench_agg (member_id bigint, day date, category text, cnt bigint, stake numeric, win numeric,
      ${[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `r${i} numeric, l${i} numeric`).join(', ')});
    analyze bench_player; analyze bench_game; analyze bench_path_rate;`);
}

/** One KST day's bets, `back` days ago, inserted into bet and summed per player and category with every level's cumulative share. */
function dayBatch(back: number, di: number, n: number, players: number): string {
  const sinceMidnight = ((Date.now() + 9 * 3_600_000) % DAY_MS) / 1000;
  const span = Math.floor(back === 0 ? Math.max(60, sinceMidnight - SESSION * 30) : 86_400 - SESSION * 30);
  const day = `((now() at time zone 'Asia/Seoul')::date - ${back})`;
  const idx = [1, 2, 3, 4, 5, 6, 7, 8];
  return `
    with s as materialized (
      select x.k, pl.id member_id, pl.cash_amt, g.vendor_id, g.game_id, g.category, g.kind,
             g.unit * (1 + floor(random() ^ 3 * 200))::bigint base, floor(random() * ${span})::int t0
      from (select k, floor(random() ^ 2 * ${players})::int pi, floor(random() * 100)::int gi from generate_series(0, ${Math.ceil(n / SESSION) - 1}) k) x
      join bench_player pl on pl.idx = x.pi join bench_game g on x.gi >= g.lo and x.gi < g.hi
    ), r as materialized (
      select s.*, j, s.base * (1 + floor(random() * 3))::bigint stake, random() u, random() v,
             (${day}::timestamp at time zone 'Asia/Seoul') + make_interval(secs => s.t0 + (j % ${SESSION}) * 30) ts
      from generate_series(0, ${n - 1}) j join s on s.k = j / ${SESSION}
    ), b as (
      select r.*, case
        when u < 0.01 then 0
        when kind = 'baccarat' then case when u < 0.24 then stake * 2 when u < 0.46 then stake * 195 / 100 when u < 0.55 then stake else 0 end
        when kind = 'slot' then case when u < 0.40 then floor(stake * (0.2 + v * 2.8))::bigint when u < 0.41 then stake * (10 + floor(v * 40))::bigint else 0 end
        when kind = 'sports' then case when u < 0.38 then floor(stake * (1.5 + v * 2))::bigint else 0 end
        else case when u < 0.49 then stake * 195 / 100 else 0 end end win
      from r
    ), ins as (
      insert into bet (site_id, member_id, vendor_id, game_id, category, tx_id, round_id, stake, win, status, before_amt, after_amt, created_at, settled_at)
      select 'demo', member_id, vendor_id, game_id, category, 'g${di}-' || j, 'r${di}-' || k, stake, win,
             case when u < 0.01 then 'cancel' when win > stake then 'win' when win = stake then 'draw' else 'lose' end,
             greatest(cash_amt, stake), greatest(cash_amt, stake) - case when u < 0.01 then 0 else stake - win end, ts, ts + interval '3 seconds'
      from b
    )
    insert into bench_agg
    select b.member_id, ${day}, b.category, count(*), sum(stake), sum(win),
           ${idx.map((i) => `sum(stake * pr.p[${i}] / 10000), sum(greatest(stake - win, 0) * pr.l[${i}] / 10000)`).join(', ')}
    from b join bench_path_rate pr on pr.member_id = b.member_id and pr.category = b.category
    where u >= 0.01
    group by b.member_id, b.category`;
}

async function generateBets(h: DbHandle, players: number) {
  const t0 = performance.now();
  let done = 0;
  for (let di = 0; di < DAYS; di++) {
    const n = Math.floor((BETS * (di + 1)) / DAYS) - Math.floor((BETS * di) / DAYS);
    await h.exec(dayBatch(DAYS - 1 - di, di, n, players));
    done += n;
    if (di % 5 === 4 || di === DAYS - 1) {
      const s = (performance.now() - t0) / 1000;
      console.log(`bets: ${fmt(done)} / ${fmt(BETS)}  ${fmt(done / s)} rows/s  ${s.toFixed(0)} s`);
    }
  }
}

/**
 * daily_stat from the per-player sums: every path member gets a 'T' row (the subtree's bets, the
 * cumulative share at its level); 'O' rows are the bettor's own and, for an ancestor, the
 * difference to the level below, present only when it was paid something (as addDaily writes).
 */
async function dailyStats(h: DbHandle) {
  const cum = (c: string, at: string) => `(array[a.${c}1, a.${c}2, a.${c}3, a.${c}4, a.${c}5, a.${c}6, a.${c}7, a.${c}8])[${at}]`;
  await timed('daily_stat T rows', () =>
    h.exec(`
    insert into daily_stat (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
    select 'demo', p.ancestor_id, 'T', a.day, a.category, sum(a.cnt), sum(a.stake), sum(a.win), sum(${cum('r', 'p.depth + 1')}), sum(${cum('l', 'p.depth + 1')})
    from bench_agg a join member_path p on p.descendant_id = a.member_id
    group by p.ancestor_id, a.day, a.category`),
  );
  await timed('daily_stat O rows', () =>
    h.exec(`
    insert into daily_stat (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
    select 'demo', ancestor_id, 'O', day, category, sum(cnt), sum(stake), sum(win), sum(r), sum(l)
    from (select p.ancestor_id, a.day, a.category, p.depth,
                 case when p.depth = 0 then a.cnt else 0 end cnt, case when p.depth = 0 then a.stake else 0 end stake, case when p.depth = 0 then a.win else 0 end win,
                 ${cum('r', 'p.depth + 1')} - coalesce(${cum('r', 'p.depth')}, 0) r, ${cum('l', 'p.depth + 1')} - coalesce(${cum('l', 'p.depth')}, 0) l
          from bench_agg a join member_path p on p.descendant_id = a.member_id) x
    group by ancestor_id, day, category
    having bool_or(depth = 0) or sum(r) + sum(l) > 0`),
  );
  // all-time figures per member, as the accrual step keeps them: summed again from every daily row
  await timed('member_stat rows', () =>
    h.exec(`
    delete from member_stat;
    insert into member_stat (member_id, scope, category, bet_cnt, stake, win, rolling, losing)
    select member_id, scope, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
    from daily_stat group by 1, 2, 3`),
  );
  // the site's settled bets by hour, as the accrual step keeps them: counted again from every bet,
  // the demo seed's (already kept by the accrual step) included
  await timed('bet_hour_stat rows', () =>
    h.exec(`
    delete from bet_hour_stat;
    insert into bet_hour_stat (site_id, hour, bet_cnt, stake, win)
    select site_id, date_trunc('hour', settled_at, 'Asia/Seoul'), count(*), sum(stake), sum(win)
    from bet where status in ('win', 'lose', 'draw') and settled_at is not null
    group by 1, 2`),
  );
}

type Row = { cnt: number; stake: number; win: number; rolling: number; losing: number };
const same = (a: Row | undefined, b: Row | undefined) =>
  !!a && !!b && a.cnt === b.cnt && a.stake === b.stake && a.win === b.win && a.rolling === b.rolling && a.losing === b.losing;

/** Settlement replay: one PTN_7's bets of yesterday through pathRates + commissionPlan, against daily_stat of its subtree. */
async function replayCheck(db: Db) {
  const x = await db.selectFrom('member').select('id').where('mem_id', '=', 'bp70').executeTakeFirstOrThrow();
  const sub = new Set((await db.selectFrom('member_path').select('descendant_id').where('ancestor_id', '=', x.id).execute()).map((r) => r.descendant_id));
  const day = kstDay(new Date(Date.now() - DAY_MS));
  const from = new Date(`${day}T00:00:00+09:00`);
  const bets = await db
    .selectFrom('bet')
    .select(['member_id', 'vendor_id', 'category', 'stake', 'win', 'bet_type'])
    .where('member_id', 'in', [...sub])
    .where('created_at', '>=', from)
    .where('created_at', '<', new Date(from.getTime() + DAY_MS))
    .where('status', '<>', 'cancel')
    .execute();
  const paths = new Map<string, PathLevel[]>();
  const want = new Map<string, Row>();
  for (const b of bets) {
    const key = `${b.member_id}|${b.category}|${b.vendor_id}`;
    if (!paths.has(key)) paths.set(key, await pathRates(db, b.member_id, b.category, b.vendor_id, b.bet_type ?? 'normal'));
    const path = paths.get(key)!;
    const plan = commissionPlan(b.stake, b.win, path);
    path.forEach((lv, i) => {
      if (!sub.has(lv.id)) return;
      const add = (scope: string, r: Row) => {
        const k = `${lv.id}|${scope}|${b.category}`;
        const o = want.get(k) ?? { cnt: 0, stake: 0, win: 0, rolling: 0, losing: 0 };
        want.set(k, { cnt: o.cnt + r.cnt, stake: o.stake + r.stake, win: o.win + r.win, rolling: o.rolling + r.rolling, losing: o.losing + r.losing });
      };
      const own = i === 0;
      if (own || plan.rolling[i].paid || plan.losing[i].paid)
        add('O', { cnt: own ? 1 : 0, stake: own ? b.stake : 0, win: own ? b.win : 0, rolling: plan.rolling[i].paid, losing: plan.losing[i].paid });
      add('T', { cnt: 1, stake: b.stake, win: b.win, rolling: plan.rolling[i].cumulative, losing: plan.losing[i].cumulative });
    });
  }
  const got = new Map(
    (
      await db
        .selectFrom('daily_stat')
        .selectAll()
        .where('member_id', 'in', [...sub])
        .where('day', '=', day)
        .execute()
    ).map((r) => [`${r.member_id}|${r.scope}|${r.category}`, { cnt: r.bet_cnt, stake: r.stake, win: r.win, rolling: r.rolling, losing: r.losing }]),
  );
  const bad = [...new Set([...want.keys(), ...got.keys()])].filter((k) => !same(want.get(k), got.get(k)));
  console.log(
    `check: ${fmt(bets.length)} bets of bp70's subtree on ${day} replayed through pathRates + commissionPlan: ${want.size} daily_stat rows, ${bad.length ? `DISAGREE on ${bad.length} (${bad.slice(0, 3).join(', ')})` : 'agree'}`,
  );
  return bad.length === 0;
}

/** The subtree figures reports read (figures, dailyBetting) against a recomputation over raw bet rows. */
async function reportCheck(h: DbHandle, db: Db, memId: string) {
  const x = await db.selectFrom('member').select('id').where('mem_id', '=', memId).executeTakeFirstOrThrow();
  const days = { from: '1970-01-01', to: '9999-12-31' };
  const fig = (await figures(db, [x.id], 'T', days)).get(x.id)!;
  // a bettor's cumulative rate at x: the highest rate on its path up to x
  const raw = await h.withConnection((q) =>
    q(`
    with up as (select p.descendant_id member_id, p.depth from member_path p where p.ancestor_id = ${x.id}),
    mx as (select up.member_id, r.category, max(round(r.point_rate * 100)) pb, max(round(r.lose_rate * 100)) lb
           from up join member_path q on q.descendant_id = up.member_id and q.depth <= up.depth join rate r on r.member_id = q.ancestor_id
           group by up.member_id, r.category)
    select b.category, count(*) c, sum(b.stake) s, sum(b.win) w, sum(floor(b.stake * coalesce(mx.pb, 0) / 10000)) r, sum(floor(greatest(b.stake - b.win, 0) * coalesce(mx.lb, 0) / 10000)) l
    from up join bet b on b.member_id = up.member_id left join mx on mx.member_id = b.member_id and mx.category = b.category
    where b.status in ('win', 'lose', 'draw') group by b.category`),
  );
  const cats = new Set([...fig.keys(), ...raw.map((r) => String(r.category))]);
  const rawBy = new Map(raw.map((r) => [String(r.category), { cnt: Number(r.c), stake: Number(r.s), win: Number(r.w), rolling: Number(r.r), losing: Number(r.l) }]));
  const bad = [...cats].filter((c) => !same(fig.get(c), rawBy.get(c)));
  const tot = [...rawBy.values()].reduce((a, r) => ({ cnt: a.cnt + r.cnt, stake: a.stake + r.stake, rolling: a.rolling + r.rolling }), { cnt: 0, stake: 0, rolling: 0 });
  console.log(
    `check: ${memId} subtree figures per category vs raw bets (${fmt(tot.cnt)} bets, stake ${fmt(tot.stake)}, rolling ${fmt(tot.rolling)}): ${bad.length ? `DISAGREE on ${bad.join(', ')}` : 'agree'}`,
  );

  const range = { from: new Date(Date.now() - 30 * DAY_MS), to: new Date() };
  const daily = await dailyBetting(db, x.id, { from: new Date(`${kstDay(range.from)}T00:00:00+09:00`), to: range.to });
  const rawDaily = await h.withConnection((q) =>
    q(`
    select to_char(b.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') d, sum(b.stake) s, sum(b.win) w
    from member_path p join bet b on b.member_id = p.descendant_id
    where p.ancestor_id = ${x.id} and b.status in ('win', 'lose', 'draw') and b.created_at >= '${kstDay(range.from)}T00:00:00+09:00' group by 1`),
  );
  const rd = new Map(rawDaily.map((r) => [String(r.d), `${Number(r.s)}/${Number(r.w)}`]));
  const badDays = daily.dailyBetList.filter((d) => rd.get(d.days) !== `${d.dBetAmt}/${d.dWinAmt}`).length + Math.max(0, rd.size - daily.dailyBetList.length);
  console.log(`check: ${memId} daily betting report, ${daily.dailyBetList.length} days vs raw bets: ${badDays ? `DISAGREE on ${badDays} days` : 'agree'}`);
  return bad.length === 0 && badDays === 0;
}

export async function benchData(): Promise<void> {
  const t0 = performance.now();
  await admin(`drop database if exists ${BENCH_DB} with (force)`);
  await admin(`create database ${BENCH_DB}`);
  const url = dbUrl(BENCH_DB);
  console.log(`database ${url}`);
  const config = { ...readConfig(), databaseUrl: url, dataDir: 'memory://' };
  const handle = await openDb({ url, dataDir: config.dataDir, poolSize: 4 });
  // a one-off loader: its own Redis scope, before the migrations that make the deployment's id
  const scope = 'pitboss:bench-data:';
  const live = await makePublisher(config, scope);
  const app: AppContext = {
    config,
    redisScope: scope,
    handle,
    db: handle.db,
    live,
    clock: systemClock(),
    accrual: startAccrual(handle.db, live, config.accrualMs),
    sessions: new SessionCache(live),
    sites: new SiteCache(handle.db, live),
    infoCache: new InfoCache(live),
  };
  try {
    await timed('migrations', () => migrate(handle));
    await ensureSecretsFile(handle.db, config);
    await timed('demo site', () => seedDemo(app));
    await app.accrual.flush();
    const root = await buildMembers(app);
    await timed('scratch tables', () => scratch(handle, root));
    const players = Number((await handle.withConnection((q) => q('select count(*) n from bench_player')))[0].n);
    // the month partitions of the whole span, so every bet lands in its month (not the default partition)
    await timed('month partitions', () => handle.exec(`select history_months(now() - interval '${DAYS + 1} days', now())`));
    await generateBets(handle, players);
    await dailyStats(handle);
    await handle.exec('drop table bench_player, bench_game, bench_path_rate, bench_agg');
    await timed('vacuum analyze', () => handle.exec('vacuum analyze'));
    const [n] = await handle.withConnection((q) =>
      q(
        `select (select count(*) from bet) bets, (select count(*) from daily_stat) stats, (select count(*) from member) members, pg_size_pretty(pg_database_size(current_database())) size`,
      ),
    );
    console.log(
      `${fmt(Number(n.members))} members, ${fmt(Number(n.bets))} bets, ${fmt(Number(n.stats))} daily_stat rows, ${n.size}, ${((performance.now() - t0) / 1000).toFixed(0)} s in all`,
    );
    const ok = [await replayCheck(handle.db), await reportCheck(handle, handle.db, BENCH_ROOT), await reportCheck(handle, handle.db, 'bp41')].every(Boolean);
    console.log(ok ? 'checks agree' : 'CHECKS DISAGREE');
    if (!ok) process.exitCode = 1;
  } finally {
    await app.accrual.stop();
    app.infoCache.close();
    await live.close();
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchData();
