// Partner tree and downline list over a generated subtree of 100,000 members on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createMember } from '../src/server/domain/members.js';
import { startServer } from '../src/server/server.js';

const adminUrl = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GOAL_MS = 50;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** One level of the tree: `count` members named `${prefix}${i}`, the i-th under `${parentPrefix}${i % parents}` (or the root). */
function level(root: number, prefix: string, count: number, lvl: string, parent: { prefix: string; count: number } | null) {
  const parentJoin = parent
    ? `join member p on p.site_id = 'demo' and p.mem_id = '${parent.prefix}' || (i % ${parent.count})`
    : '';
  const parentId = parent ? 'p.id' : String(root);
  return `
    insert into member (site_id, mem_id, pass_hash, mem_nick, partner_level, login_type, parent_id, cash_amt, point_amt, created_at)
    select 'demo', '${prefix}' || i, '!', '${prefix}n' || i, '${lvl}', '${lvl === 'NORMAL' ? 'NORMAL' : 'PARTNER'}', ${parentId},
           (i * 7919) % 1000000, (i * 31) % 50000, now() - make_interval(secs => i * 13)
    from generate_series(0, ${count - 1}) i ${parentJoin};
    insert into member_path (ancestor_id, descendant_id, depth)
    select m.id, m.id, 0 from member m where m.site_id = 'demo' and m.mem_id like '${prefix}%'
    union all
    select p.ancestor_id, m.id, p.depth + 1 from member m join member_path p on p.descendant_id = m.parent_id
    where m.site_id = 'demo' and m.mem_id like '${prefix}%';`;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Prints p95 of /api/v2/retail/hierarchy and /api/v2/user/lowerUserList over a 100,000-member subtree (goal < 50 ms). */
export async function benchPartner(): Promise<void> {
  const name = `pitboss_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: url.toString(), dataDir: 'memory://', staticDir: '/nonexistent', testCaptcha: '1234' });
  try {
    const { db, handle } = server.app;
    const ptn1 = await db.selectFrom('member').select('id').where('mem_id', '=', 'ptn1').executeTakeFirstOrThrow();
    const root = await createMember(db, {
      siteId: 'demo', memId: 'bench0', password: 'demo1234!', memNick: 'bench0_nick', partnerLevel: 'PTN_2', loginType: 'PARTNER', parentId: ptn1.id,
    });
    const t0 = performance.now();
    // 10 + 100 + 1,000 partners, 98,889 members under the 1,000 stores: 100,000 with the root
    await handle.exec(level(root, 'bt', 10, 'PTN_3', null));
    await handle.exec(level(root, 'bf', 100, 'PTN_4', { prefix: 'bt', count: 10 }));
    await handle.exec(level(root, 'bs', 1000, 'PTN_5', { prefix: 'bf', count: 100 }));
    await handle.exec(level(root, 'bu', 98_889, 'NORMAL', { prefix: 'bs', count: 1000 }));
    await handle.exec('vacuum analyze');
    const built = performance.now() - t0;

    const post = async (path: string, body: object, token?: string) =>
      (await (await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
        body: JSON.stringify({ siteId: site.siteId, ...body }),
      })).json()) as { resultCode: string; data: any };
    const site = (await (await fetch(`${server.url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
    const captcha = (await post('/api/member/captcha', {})).data;
    const token = (await post('/api/member/login', { memId: 'bench0', memPass: 'demo1234!', captchaId: captcha.captchaId, captcha: '1234' })).data.token as string;

    const cases: Record<string, [string, object][]> = {
      hierarchy: [
        ['/api/v2/retail/hierarchy', {}],
        ['/api/v2/retail/hierarchy', { treeOption: 'Y' }],
        ['/api/v2/retail/hierarchy', { memId: 'bt3', treeOption: 'N' }],
        ['/api/v2/retail/hierarchy', { memId: 'bf42', treeOption: 'Y' }],
        ['/api/v2/retail/hierarchy', { memId: 'bs420', treeOption: 'Y' }],
      ],
      lowerUserList: [
        ['/api/v2/user/lowerUserList', {}],
        ['/api/v2/user/lowerUserList', { page: 50 }],
        ['/api/v2/user/lowerUserList', { orderStr: 'ID_ASC' }],
        ['/api/v2/user/lowerUserList', { orderStr: 'CASH_DESC' }],
        ['/api/v2/user/lowerUserList', { orderStr: 'POINT_DESC', page: 7 }],
        ['/api/v2/user/lowerUserList', { searchType: 'id', searchValue: 'bu777' }],
        ['/api/v2/user/lowerUserList', { memId: 'bt3' }],
        ['/api/v2/user/lowerUserList', { memId: 'bs420', treeOption: 'N' }],
      ],
      // a nickname may match anywhere in it, so this one scans the subtree: shown, not a goal
      nicknameSearch: [['/api/v2/user/lowerUserList', { searchType: 'nickname', searchValue: 'bun777' }]],
      // partner rows sum holdings over each partner's own subtree: shown, not a goal
      partnerList: [
        ['/api/v2/retail/lowerPartnerList', {}],
        ['/api/v2/retail/lowerPartnerList', { targetLevel: 'PTN_3' }],
      ],
    };
    console.log(`\n# Partner downline (${handle.kind}, 100,000 members below bench0, built in ${(built / 1000).toFixed(1)} s)`);
    for (const [family, calls] of Object.entries(cases)) {
      for (const [path, body] of calls) {
        const r = await post(path, body, token);
        if (r.resultCode !== '0') throw new Error(`${path} ${JSON.stringify(body)}: ${r.resultCode}`);
      }
      const times: number[] = [];
      const each = calls.map(() => [] as number[]);
      for (let round = 0; round < 20; round++) {
        for (const [i, [path, body]] of calls.entries()) {
          const t = performance.now();
          await post(path, body, token);
          times.push(performance.now() - t);
          each[i].push(times.at(-1)!);
        }
      }
      const p = p95(times);
      const verdict = family === 'nicknameSearch' || family === 'partnerList' ? '' : `goal < ${GOAL_MS} ms ${p < GOAL_MS ? 'ok' : 'SLOW'}`;
      console.log(`${family.padEnd(14)} p95 ${p.toFixed(1).padStart(6)} ms  (${times.length} calls) ${verdict}`);
      calls.forEach(([, body], i) => console.log(`  ${p95(each[i]).toFixed(1).padStart(6)} ms  ${JSON.stringify(body)}`));
    }
  } finally {
    await server.close();
    if (process.env.PITBOSS_BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPartner();
