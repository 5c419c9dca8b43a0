import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../src/server/domain/auth/members.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { partnerCalls } from '../../src/contract/partner.js';

const callers = ['ptn1', 'ptn2', 'ptn3', 'ptn4', 'ptn5', 'ptn6', 'ptn7', 'pnorm'] as const;
type Who = (typeof callers)[number];
/** A player below each caller (pnorm, a P_NORMAL account, has only itself). */
const below: Record<Who, string> = { ptn1: 'user19', ptn2: 'user17', ptn3: 'user14', ptn4: 'user16', ptn5: 'user6', ptn6: 'user8', ptn7: 'user1', pnorm: 'pnorm' };
const OUTSIDE = 'xuser1';

let n = 0;
const uniq = () => String(++n).padStart(3, '0');
const newPartner = (rec: string) => {
  const u = uniq();
  return {
    memId: `np${u}a`,
    memPass: 'demo1234!',
    memNick: `np${u}_nick`,
    memPhone: `010-5${u}-1000`,
    bank: 'KB',
    bankAcc: `5${u}00001`,
    memName: 'NEWP',
    cashOutPass: '1234',
    recommenderId: rec,
  };
};
const newMember = (rec: string) => {
  const u = uniq();
  return {
    memId: `nm${u}a`,
    memPass: 'demo1234!',
    memPassCheck: 'demo1234!',
    memNick: `nm${u}_nick`,
    memPhone: `010-6${u}-1000`,
    bank: 'KB',
    bankacc: `6${u}00001`,
    memName: 'NEWM',
    cashOutPass: '1234',
    recommenderId: rec,
  };
};

/** Every partner call with a member parameter: the body asking about `target` (the caller is `me`). */
const calls: Record<string, (target: string, me: string) => [string, Record<string, unknown>]> = {
  hierarchy: (t) => ['/api/v2/retail/hierarchy', { memId: t, treeOption: 'Y' }],
  lowerUserList: (t) => ['/api/v2/user/lowerUserList', { memId: t }],
  'v2 loginList': (t) => ['/api/v2/user/loginList', { memId: t }],
  lowerPartnerList: (t) => ['/api/v2/retail/lowerPartnerList', { memId: t }],
  myPartnerList2: (t) => ['/api/retail/myPartnerList2', { memId: t, searchType: 'INNER' }],
  myPartnerDirectList: (t) => ['/api/retail/myPartnerDirectList', { memId: t }],
  myMemDirectList: (t) => ['/api/retail/myMemDirectList', { memId: t }],
  myLoginMem: (t) => ['/api/retail/myLoginMem', { memId: t }],
  'retail loginList': (t) => ['/api/retail/loginList', { memId: t }],
  summary: (t) => ['/api/retail/summary', { memId: t }],
  partnerInfo: (t) => ['/api/v2/retail/partnerInfo', { memId: t }],
  updMemPhone: (t) => ['/api/v2/retail/updMemPhone', { memId: t, memPhone: `010-7${uniq()}-2000` }],
  'detail/info': (t) => ['/api/v2/retail/detail/info', { memId: t }],
  'detail/unlock': (t) => ['/api/v2/retail/detail/unlock', { memId: t }],
  'detail/info/save': (t) => ['/api/v2/retail/detail/info/save', { memId: t, memNick: `sv${uniq()}_nick`, loginYn: 'Y' }],
  loginLog: (t) => ['/api/v2/retail/loginLog', { memId: t }],
  rollingLogNew: (t) => ['/api/v2/retail/rollingLogNew', { memId: t }],
  playGameList: (t) => ['/api/v2/user/detail/playGameList', { memId: t }],
  betListNew: (t) => ['/api/v2/user/detail/betListNew', { memId: t }],
  partnerRates: (t) => ['/api/admin/partnerRates', { memId: t }],
  createPartner: (t) => ['/api/v2/retail/createPartner', newPartner(t)],
  partnerJoin: (t) => ['/api/retail/partnerJoin', newMember(t)],
};
/** Calls scoped to the caller alone (no member parameter): they answer for every level. */
const ownCalls: Record<string, [string, Record<string, unknown>]> = {
  topInfo: ['/api/v2/main/topInfo', {}],
  statistics: ['/api/v2/main/statistics', {}],
  cashReport: ['/api/v2/main/cashReport', {}],
  myCashReport: ['/api/v2/main/myCashReport', {}],
  weekTrend: ['/api/v2/main/weekTrend', {}],
  newPayLog: ['/api/v2/main/newPayLog', {}],
  myMemIds: ['/api/retail/myMemIds', { code: 'NORMAL' }],
  myMemList: ['/api/retail/myMemList', {}],
};

const partnerLists = new Set(['lowerPartnerList', 'myPartnerList2', 'myPartnerDirectList']);
/** What the caller gets asking about its own downline; null where it has nobody to ask about. */
function expectedInside(call: string, who: Who): string | null {
  if (who === 'pnorm') {
    if (partnerLists.has(call) || call === 'createPartner' || call === 'partnerJoin') return 'A001';
    if (call === 'detail/info/save' || call === 'detail/unlock') return null; // edits are for members strictly below, and it has none
    return '0';
  }
  if (call === 'createPartner' && (who === 'ptn5' || who === 'ptn7')) return 'A001';
  return '0';
}
function expectedOutside(call: string, who: Who): string {
  if (who === 'pnorm' && (partnerLists.has(call) || call === 'createPartner' || call === 'partnerJoin')) return 'A001';
  // PTN_5 may never create partners; PTN_7's refusal depends on the parent, which is checked after the scope
  if (call === 'createPartner' && who === 'ptn5') return 'A001';
  return 'A002';
}

describe(`partner access matrix (${testDb})`, () => {
  let s: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    s = await startTestServer();
    const id = async (memId: string) => (await s.app.db.selectFrom('member').select('id').where('mem_id', '=', memId).executeTakeFirstOrThrow()).id;
    const base = { siteId: s.siteId, password: 'demo1234!', cashOutPass: '1234' };
    // another head office with its own player: outside every demo caller's subtree
    const x = await createMember(s.app.db, { ...base, memId: 'xptn1', memNick: 'xptn1_nick', partnerLevel: 'PTN_1', loginType: 'PARTNER' });
    await createMember(s.app.db, { ...base, memId: OUTSIDE, memNick: 'xuser1_nick', partnerLevel: 'NORMAL', loginType: 'NORMAL', parentId: x, memPhone: '010-9999-0001' });
    await createMember(s.app.db, { ...base, memId: 'pnorm', memNick: 'pnorm_nick', partnerLevel: 'NORMAL', loginType: 'P_NORMAL', parentId: await id('ptn7') });
    for (const c of callers) tokens.set(c, await s.login(c));
  });
  afterAll(() => s?.close());

  const snapshot = async () => {
    const db = s.app.db;
    const [members, requests, outsiders] = await Promise.all([
      db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('partner_request')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('member')
        .select(['mem_id', 'mem_nick', 'mem_phone', 'login_yn', 'updated_at'])
        .where('mem_id', 'in', [OUTSIDE, 'xptn1', 'ptn1', 'ptn2', 'ptn3', 'ptn4', 'ptn5', 'ptn6'])
        .orderBy('mem_id')
        .execute(),
    ]);
    return JSON.stringify({ members: Number(members.n), requests: Number(requests.n), outsiders });
  };

  it('refuses every member outside the caller’s subtree, changing nothing, and answers inside it', async () => {
    const matrix: Record<string, Record<string, string>> = {};
    const failures: string[] = [];
    for (const who of callers) {
      const token = tokens.get(who)!;
      // outside: another head office's player, and (below the top) the caller's own upper
      const upper = who === 'ptn1' ? null : who === 'pnorm' ? 'ptn7' : `ptn${Number(who.slice(3)) - 1}`;
      const before = await snapshot();
      for (const [name, make] of Object.entries(calls)) {
        const got: string[] = [];
        for (const target of [OUTSIDE, upper, 'nobody99']) {
          if (!target) continue;
          const [path, body] = make(target, who);
          const r = await s.post(path, body, token);
          got.push(r.resultCode);
          if (r.resultCode !== expectedOutside(name, who)) failures.push(`${who} ${name} about ${target}: ${r.resultCode}, expected ${expectedOutside(name, who)}`);
          if (r.resultCode !== '0' && r.data) failures.push(`${who} ${name} about ${target}: data leaked`);
        }
        (matrix[name] ??= {})[who] = `out ${[...new Set(got)].join('/')}`;
      }
      const after = await snapshot();
      if (after !== before) failures.push(`${who}: outside calls changed data`);

      for (const [name, make] of Object.entries(calls)) {
        const want = expectedInside(name, who);
        if (want === null) {
          matrix[name][who] += ' · in —';
          continue;
        }
        const target = name === 'createPartner' || name === 'partnerJoin' || name === 'partnerRates' || name === 'summary' ? who : below[who];
        const [path, body] = make(target, who);
        const r = await s.post(path, body, token);
        if (r.resultCode !== want) failures.push(`${who} ${name} inside (${target}): ${r.resultCode} ${r.resultMessage}, expected ${want}`);
        matrix[name][who] += ` · in ${r.resultCode}`;
      }
      for (const [name, [path, body]] of Object.entries(ownCalls)) {
        const r = await s.post(path, body, token);
        if (r.resultCode !== '0') failures.push(`${who} ${name}: ${r.resultCode}`);
        (matrix[name] ??= {})[who] = `own ${r.resultCode}`;
      }
    }
    console.log(`\nPartner access matrix (${testDb}): out = other head office's player / own upper / unknown id; in = a member of the caller's subtree`);
    console.table(matrix);
    expect(failures).toEqual([]);
  });

  it('keeps P_NORMAL out of partner lists and member creation, and NORMAL-level callers out of creation', async () => {
    const t = tokens.get('pnorm')!;
    expect((await s.call(partnerCalls.lowerPartnerList, {}, t)).resultCode).toBe('A001');
    expect((await s.call(partnerCalls.partnerJoin, newMember('ptn7'), t)).resultCode).toBe('A001');
    expect((await s.call(partnerCalls.createPartner, newPartner('pnorm'), t)).resultCode).toBe('A001');
  });

  it('answers the operator calls to the operator only', async () => {
    const r = await s.call(partnerCalls.requestList, {}, tokens.get('ptn1'));
    expect(r.resultCode).toBe('A001');
    expect((await s.call(partnerCalls.approveRequest, { reqIdx: 1 }, tokens.get('ptn3'))).resultCode).toBe('A001');
  });
});
