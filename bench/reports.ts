// Report p95s against the generated `pitboss_bench` database (npm run bench:data), as its top partner.
import { performance } from 'node:perf_hooks';
import { kstDay } from '../src/server/domain/common/time.js';
import { BENCH_DB, BENCH_PASSWORD, BENCH_ROOT } from './data.js';
import { bareInsert } from './games.js';
import { admin, dbUrl, p95 } from './tree.js';
import { startBenchServer } from './server.js';
import { operatorScreen } from './staff.js';
import type { DbHandle } from '../src/server/db/driver.js';

const GOAL_MS = 50;
const CALLS = 100;
const DAY_MS = 86_400_000;

export async function benchReports(): Promise<void> {
  const exists = await admin(`select 1 from pg_database where datname = '${BENCH_DB}'`).then(
    (r) => r.rowCount === 1,
    () => false,
  );
  if (!exists) {
    console.log('\n# reports: run npm run bench:data first');
    return;
  }
  const server = await startBenchServer({ databaseUrl: dbUrl(BENCH_DB) });
  try {
    const { db, handle } = server.app;
    if (!(await db.selectFrom('member').select('id').where('mem_id', '=', BENCH_ROOT).executeTakeFirst())) {
      console.log('\n# reports: run npm run bench:data first');
      return;
    }
    const [size] = await handle.withConnection((q) =>
      q(`select (select sum(c.reltuples) from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'bet'::regclass)::bigint bets,
      (select reltuples from pg_class where relname = 'daily_stat')::bigint stats, (select count(*) from member_path where ancestor_id = (select id from member where mem_id = '${BENCH_ROOT}')) members`),
    );
    const site = (await (await fetch(`${server.url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
    const post = async (path: string, body: object, token?: string) =>
      (await (
        await fetch(server.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
          body: JSON.stringify({ siteId: site.siteId, ...body }),
        })
      ).json()) as { resultCode: string; data: any };
    const captcha = (await post('/api/member/captcha', {})).data;
    const token = (await post('/api/member/login', { memId: BENCH_ROOT, memPass: BENCH_PASSWORD, captchaId: captcha.captchaId, captcha: '1234' })).data.token as string;

    const today = kstDay(new Date());
    const month = { startDate: kstDay(new Date(Date.now() - 29 * DAY_MS)), endDate: today };
    const all = { startDate: kstDay(new Date(Date.now() - 89 * DAY_MS)), endDate: today };
    const cases: Record<string, [string, object][]> = {
      'settlement (myCalculate OUTER)': [
        ['/api/retail/myCalculate', { searchType: 'OUTER', ...month }],
        ['/api/retail/myCalculate', { searchType: 'OUTER', ...all }],
        ['/api/retail/myCalculate', { searchType: 'OUTER', searchMemId: 'bp61', ...month }],
        ['/api/retail/myCalculate', { searchType: 'INNER', ...all }],
      ],
      'betting status (betStatistics)': [
        ['/api/v2/retail/report/betStatistics', { statType: 'total', ...month }],
        ['/api/v2/retail/report/betStatistics', { statType: 'casino', ...all }],
        ['/api/v2/retail/report/betStatistics', { statType: 'slot', ...month }],
        ['/api/v2/retail/report/betStatistics', { statType: 'total', memId: 'bp61', ...all }],
      ],
      'daily report (daily/betting)': [
        ['/api/v2/retail/daily/betting', month],
        ['/api/v2/retail/daily/betting', all],
        ['/api/v2/retail/daily/betting', { memId: 'bp30', ...all }],
      ],
      hierarchy: [
        ['/api/v2/retail/hierarchy', {}],
        ['/api/v2/retail/hierarchy', { treeOption: 'Y' }],
        ['/api/v2/retail/hierarchy', { memId: 'bp30', treeOption: 'Y' }],
        ['/api/v2/retail/hierarchy', { memId: 'bp61', treeOption: 'N' }],
      ],
      lowerUserList: [
        ['/api/v2/user/lowerUserList', {}],
        ['/api/v2/user/lowerUserList', { page: 50 }],
        ['/api/v2/user/lowerUserList', { orderStr: 'CASH_DESC' }],
        ['/api/v2/user/lowerUserList', { memId: 'bp30' }],
        ['/api/v2/user/lowerUserList', { searchType: 'id', searchValue: 'bu777' }],
      ],
    };
    console.log(
      `\n# reports (${handle.kind} ${BENCH_DB}: ~${Number(size.bets).toLocaleString('en-US')} bets, ~${Number(size.stats).toLocaleString('en-US')} daily_stat rows, ${Number(size.members).toLocaleString('en-US')} members under ${BENCH_ROOT})`,
    );
    for (const [family, calls] of Object.entries(cases)) {
      for (const [path, body] of calls) {
        const r = await post(path, body, token);
        if (r.resultCode !== '0') throw new Error(`${path} ${JSON.stringify(body)}: ${r.resultCode}`);
      }
      const times: number[] = [];
      const each = calls.map(() => [] as number[]);
      for (let n = 0; n < CALLS; n++) {
        const i = n % calls.length;
        const t = performance.now();
        await post(calls[i][0], calls[i][1], token);
        times.push(performance.now() - t);
        each[i].push(times.at(-1)!);
      }
      const p = p95(times);
      console.log(`${family.padEnd(32)} p95 ${p.toFixed(1).padStart(6)} ms  (${times.length} calls) goal < ${GOAL_MS} ms ${p < GOAL_MS ? 'ok' : 'SLOW'}`);
      calls.forEach(([, body], i) => console.log(`  ${p95(each[i]).toFixed(1).padStart(6)} ms  ${JSON.stringify(body)}`));
    }
    // the operator home: one call over the whole site's day buckets
    const opCaptcha = (await post('/api/member/captcha', {})).data;
    const opToken = (await post('/api/member/login', { memId: 'admin', memPass: BENCH_PASSWORD, captchaId: opCaptcha.captchaId, captcha: '1234', ...(await operatorScreen(post)) }))
      .data.token as string;
    if ((await post('/api/admin/dashboard', {}, opToken)).resultCode !== '0') throw new Error('/api/admin/dashboard failed');
    const home: number[] = [];
    for (let n = 0; n < CALLS; n++) {
      const t = performance.now();
      await post('/api/admin/dashboard', {}, opToken);
      home.push(performance.now() - t);
    }
    const hp = p95(home);
    console.log(`${'operator home (admin/dashboard)'.padEnd(32)} p95 ${hp.toFixed(1).padStart(6)} ms  (${home.length} calls) goal < ${GOAL_MS} ms ${hp < GOAL_MS ? 'ok' : 'SLOW'}`);
    await prunedPartitions(handle);
    const bare = await bareInsert(server);
    await db.deleteFrom('bet').where('round_id', '=', 'bare').execute();
    console.log(`bare insert of a bet row          ${bare.rps.toFixed(0).padStart(6)} /s  p99 ${bare.p99.toFixed(2)} ms`);
  } finally {
    await server.close();
  }
}

/** The bet lists and game statistics filter on created_at, bet's partition column: a 30-day range reads only its months' partitions. */
async function prunedPartitions(handle: DbHandle) {
  const [all] = await handle.withConnection((q) => q(`select count(*) n from pg_inherits where inhparent = 'bet'::regclass`));
  const plan = await handle.withConnection((q) =>
    q(`explain select b.game_id, count(*), sum(b.stake) from bet b join member_path p on p.descendant_id = b.member_id and p.ancestor_id = (select id from member where mem_id = '${BENCH_ROOT}')
       where b.created_at >= '${new Date(Date.now() - 30 * DAY_MS).toISOString()}' and b.created_at < '${new Date().toISOString()}' and b.status in ('win', 'lose', 'draw') group by 1`),
  );
  const scanned = new Set(plan.flatMap((r) => [...String(r['QUERY PLAN']).matchAll(/ on (bet_(?:\d{4}_\d{2}|default))\b/g)].map((m) => m[1])));
  console.log(`partition pruning: a 30-day bet range reads ${scanned.size} of ${all.n} bet partitions (${[...scanned].sort().join(', ')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReports();
