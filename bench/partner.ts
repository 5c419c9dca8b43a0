// Partner tree and downline list over a generated subtree of 100,000 members on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createMember } from '../src/server/domain/auth/members.js';
import { admin, buildTree, dbUrl, p95 } from './tree.js';
import { startBenchServer } from './server.js';

const GOAL_MS = 50;

/** Prints p95 of /api/v2/retail/hierarchy and /api/v2/user/lowerUserList over a 100,000-member subtree (goal < 50 ms). */
export async function benchPartner(): Promise<void> {
  const name = `pitboss_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const server = await startBenchServer({ databaseUrl: dbUrl(name) });
  try {
    const { db, handle } = server.app;
    const ptn1 = await db.selectFrom('member').select('id').where('mem_id', '=', 'ptn1').executeTakeFirstOrThrow();
    const root = await createMember(db, {
      siteId: 'demo',
      memId: 'bench0',
      password: 'demo1234!',
      memNick: 'bench0_nick',
      partnerLevel: 'PTN_2',
      loginType: 'PARTNER',
      parentId: ptn1.id,
    });
    const t0 = performance.now();
    // 10 + 100 + 1,000 partners, 98,889 members under the 1,000 stores: 100,000 with the root
    await buildTree((t) => handle.exec(t), root, [
      ['bt', 10, 'PTN_3'],
      ['bf', 100, 'PTN_4'],
      ['bs', 1000, 'PTN_5'],
      ['bu', 98_889, 'NORMAL'],
    ]);
    await handle.exec('vacuum analyze');
    const built = performance.now() - t0;

    const post = async (path: string, body: object, token?: string) =>
      (await (
        await fetch(server.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
          body: JSON.stringify({ siteId: site.siteId, ...body }),
        })
      ).json()) as { resultCode: string; data: any };
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
