import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../src/server/domain/auth/members.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import type { Call } from '../../src/contract/define.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { rateCalls } from '../../src/contract/rate.js';
import { openedSite, platformOwner } from './platformKit.js';

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
const calls: Record<string, (target: string, me: string) => [Call, Record<string, unknown>]> = {
  hierarchy: (t) => [partnerCalls.hierarchy, { memId: t, treeOption: 'Y' }],
  lowerUserList: (t) => [partnerCalls.lowerUserList, { memId: t }],
  'v2 loginList': (t) => [partnerCalls.loginList, { memId: t }],
  lowerPartnerList: (t) => [partnerCalls.lowerPartnerList, { memId: t }],
  myPartnerList2: (t) => [partnerCalls.myPartnerList2, { memId: t, searchType: 'INNER' }],
  myPartnerDirectList: (t) => [partnerCalls.myPartnerDirectList, { memId: t }],
  myMemDirectList: (t) => [partnerCalls.myMemDirectList, { memId: t }],
  myLoginMem: (t) => [partnerCalls.myLoginMem, { memId: t }],
  'retail loginList': (t) => [partnerCalls.retailLoginList, { memId: t }],
  summary: (t) => [partnerCalls.summary, { memId: t }],
  partnerInfo: (t) => [partnerCalls.partnerInfo, { memId: t }],
  updMemPhone: (t) => [partnerCalls.updMemPhone, { memId: t, memPhone: `010-7${uniq()}-2000` }],
  'detail/info': (t) => [partnerCalls.detailInfo, { memId: t }],
  'detail/context': (t) => [partnerCalls.detailContext, { memId: t }],
  'detail/unlock': (t) => [partnerCalls.detailUnlock, { memId: t }],
  'detail/info/save': (t) => [partnerCalls.detailInfoSave, { memId: t, memNick: `sv${uniq()}_nick`, loginYn: 'Y' }],
  loginLog: (t) => [partnerCalls.loginLog, { memId: t }],
  rollingLogNew: (t) => [partnerCalls.rollingLogNew, { memId: t }],
  playGameList: (t) => [partnerCalls.playGameList, { memId: t }],
  betListNew: (t) => [partnerCalls.betListNew, { memId: t }],
  partnerRates: (t) => [partnerCalls.partnerRates, { memId: t }],
  createPartner: (t) => [partnerCalls.createPartner, newPartner(t)],
  partnerJoin: (t) => [partnerCalls.partnerJoin, newMember(t)],
};
/** Calls scoped to the caller alone (no member parameter): they answer for every level. */
const ownCalls: Record<string, [Call, Record<string, unknown>]> = {
  topInfo: [partnerCalls.topInfo, {}],
  statistics: [partnerCalls.statistics, {}],
  cashReport: [partnerCalls.cashReport, {}],
  myCashReport: [partnerCalls.myCashReport, {}],
  weekTrend: [partnerCalls.weekTrend, {}],
  newPayLog: [partnerCalls.newPayLog, {}],
  myMemIds: [partnerCalls.myMemIds, { code: 'NORMAL' }],
  myMemList: [partnerCalls.myMemList, {}],
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
          const [c, body] = make(target, who);
          const r = await s.loose(token)(c, body);
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
        const [c, body] = make(target, who);
        const r = await s.loose(token)(c, body);
        if (r.resultCode !== want) failures.push(`${who} ${name} inside (${target}): ${r.resultCode} ${r.resultMessage}, expected ${want}`);
        matrix[name][who] += ` · in ${r.resultCode}`;
      }
      for (const [name, [c, body]] of Object.entries(ownCalls)) {
        const r = await s.loose(token)(c, body);
        if (r.resultCode !== '0') failures.push(`${who} ${name}: ${r.resultCode}`);
        (matrix[name] ??= {})[who] = `own ${r.resultCode}`;
      }
    }
    console.log(`\nPartner access matrix (${testDb}): out = other head office's player / own upper / unknown id; in = a member of the caller's subtree`);
    console.table(matrix);
    expect(failures).toEqual([]);
  }, 300_000);

  it('keeps P_NORMAL out of partner lists and member creation, and NORMAL-level callers out of creation', async () => {
    const t = tokens.get('pnorm')!;
    expect((await s.call(partnerCalls.lowerPartnerList, {}, t)).resultCode).toBe('A001');
    expect((await s.call(partnerCalls.partnerJoin, newMember('ptn7'), t)).resultCode).toBe('A001');
    expect((await s.call(partnerCalls.createPartner, newPartner('pnorm'), t)).resultCode).toBe('A001');
  });

  it("serves a member's context (balance, open cash requests) to partners above it and the operator, refusing another partner", async () => {
    const ask = (memId: string, token?: string) => s.call(partnerCalls.detailContext, { memId }, token);
    // user1 sits under ptn7; ptn7b is ptn7's sibling, ptn5b a branch beside ptn7's upper line
    for (const other of ['ptn7b', 'ptn5b']) {
      const refused = await ask('user1', await s.login(other));
      expect(refused.resultCode, other).toBe('A002');
      expect(refused.data ?? null).toBeNull();
    }
    for (const upper of ['ptn7', 'ptn1']) {
      const r = await ask('user1', tokens.get(upper));
      expect(r.resultCode, upper).toBe('0');
      expect(r.data).toMatchObject({ memId: 'user1', cashAmt: expect.any(Number), pointAmt: expect.any(Number), openRequests: expect.any(Array) });
    }
    const op = await ask('user1', await s.login('admin'));
    expect(op.resultCode).toBe('0');
  });

  it('answers the operator calls to the operator only', async () => {
    const r = await s.call(partnerCalls.requestList, {}, tokens.get('ptn1'));
    expect(r.resultCode).toBe('A001');
    expect((await s.call(partnerCalls.approveRequest, { reqIdx: 1 }, tokens.get('ptn3'))).resultCode).toBe('A001');
  });
});

/** Rates for every category: rolling `p`, losing `l` (casino may differ). */
const ratesOf = (p: number, l: number, casino?: { pointRate: number; loseRate: number }) =>
  ['casino', 'hcasino', 'slot', 'sport', 'mini'].map((category) => (category === 'casino' && casino ? { category, ...casino } : { category, pointRate: p, loseRate: l }));

describe(`the operator's partners (${testDb})`, () => {
  let s: TestServer;
  let op: string;
  const db = () => s.app.db;
  const member = (memId: string) =>
    db()
      .selectFrom('member')
      .select(['id', 'mem_id', 'mem_nick', 'partner_level', 'login_type', 'parent_id', 'login_yn'])
      .where('site_id', '=', s.siteId)
      .where('mem_id', '=', memId)
      .executeTakeFirst();
  const counts = async () => {
    const [m, r] = await Promise.all([
      db()
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('partner_request')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { members: Number(m.n), requests: Number(r.n) };
  };

  beforeAll(async () => {
    s = await startTestServer();
    op = await s.login('admin');
  });
  afterAll(() => s?.close());

  it('creates a top-level partner at once under the house, audited, with its rates, and it signs in', async () => {
    const before = await counts();
    const body = { ...newPartner(''), memId: 'lpt1', memNick: 'lpt1_nick', rateList: ratesOf(2, 20, { pointRate: 100, loseRate: 100 }) };
    delete (body as { recommenderId?: string }).recommenderId;
    const r = await s.call(partnerCalls.createPartner, body, op);
    expect(r.resultCode).toBe('0');
    expect(r.data).toEqual({ reqIdx: 0, memId: 'lpt1', partnerLevel: 'PTN_1', status: 1 });
    const m = (await member('lpt1'))!;
    expect(m).toMatchObject({ partner_level: 'PTN_1', login_type: 'PARTNER', parent_id: null });
    expect(await counts()).toEqual({ members: before.members + 1, requests: before.requests });
    const rates = await db().selectFrom('rate').select(['category', 'point_rate', 'lose_rate']).where('member_id', '=', m.id).orderBy('category').execute();
    expect(rates.map((x) => [x.category, Number(x.point_rate), Number(x.lose_rate)])).toContainEqual(['casino', 100, 100]);
    expect(rates).toHaveLength(5);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'target', 'after'])
      .where('site_id', '=', s.siteId)
      .where('action', '=', partnerCalls.createPartner.path)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'admin', target: 'memId=lpt1' })]);
    expect(JSON.stringify(audit[0].after)).not.toContain('demo1234!');
    expect(await s.login('lpt1')).toBeTruthy();
    // the rate bounds the operator's form shows: 0 to 100 under the house
    const bounds = await s.call(partnerCalls.partnerRates, {}, op);
    expect(bounds.data!.rateMaxMinList.every((b) => b.maxPointRate === 100 && b.maxLoseRate === 100)).toBe(true);
  });

  it('lists every partner of the site to the operator, top level first', async () => {
    const r = await s.call(partnerCalls.lowerPartnerList, { count_per_list: 200 }, op);
    expect(r.resultCode).toBe('0');
    const ids = r.data!.list.map((p) => p.memId);
    expect(ids).toEqual(expect.arrayContaining(['lpt1', 'ptn1', 'ptn2', 'ptn7']));
    const levels = r.data!.list.map((p) => p.partnerLevel);
    expect(levels).toEqual([...levels].sort());
    expect(r.data!.pageInfo.tatal_list_count).toBe(ids.length);
    // an upper shows on a lower row
    expect(r.data!.list.find((p) => p.memId === 'ptn2')!.topUserList.map((u) => u.recommenderId)).toContain('ptn1');
  });

  it('edits, suspends and resumes a partner and sets its rates, each audited', async () => {
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'lpt1', memNick: 'lpt1_new' }, op)).resultCode).toBe('0');
    expect((await member('lpt1'))!.mem_nick).toBe('lpt1_new');
    const t = await s.login('lpt1');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'lpt1', loginYn: 'N' }, op)).resultCode).toBe('0');
    expect((await s.call(partnerCalls.topInfo, {}, t)).resultCode).not.toBe('0');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'lpt1', loginYn: 'Y' }, op)).resultCode).toBe('0');
    expect(await s.login('lpt1')).toBeTruthy();
    const info = await s.call(rateCalls.detailRateInfo, { memId: 'lpt1' }, op);
    expect(info.data!.memRollingInfo.find((x) => x.category === 'slot')).toMatchObject({ pointRate: 2, maxPointRate: 100 });
    const saved = await s.call(rateCalls.saveRates, { memId: 'lpt1', rateList: [{ category: 'slot', pointRate: 3, loseRate: 21 }] }, op);
    expect(saved.data).toEqual({ changed: ['slot'] });
    const acts = await db().selectFrom('audit_log').select(['action', 'target']).where('site_id', '=', s.siteId).where('target', '=', 'memId=lpt1').execute();
    expect(acts.map((a) => a.action)).toEqual(expect.arrayContaining([partnerCalls.detailInfoSave.path, rateCalls.saveRates.path]));
  });

  it('makes a lower partner at once under any site partner, inside its upper’s rates', async () => {
    const r = await s.call(partnerCalls.createPartner, { ...newPartner('ptn1'), rateList: ratesOf(1, 5) }, op);
    expect(r.data).toMatchObject({ partnerLevel: 'PTN_2', status: 1, reqIdx: 0 });
    expect((await member(r.data!.memId))!.parent_id).toBe((await member('ptn1'))!.id);
  });

  it('still files a partner’s request, and keeps a partner inside its subtree', async () => {
    const before = await counts();
    const t1 = await s.login('ptn1');
    const r = await s.call(partnerCalls.createPartner, newPartner('ptn1'), t1);
    expect(r.resultCode).toBe('0');
    expect(r.data).toMatchObject({ status: 0, partnerLevel: 'PTN_2' });
    expect(r.data!.reqIdx).toBeGreaterThan(0);
    expect(await counts()).toEqual({ members: before.members, requests: before.requests + 1 });
    // lpt1 is another head office: ptn1 cannot reach it, nor make a partner under it
    const mid = await counts();
    expect((await s.call(partnerCalls.createPartner, newPartner('lpt1'), t1)).resultCode).toBe('A002');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'lpt1', loginYn: 'N' }, t1)).resultCode).toBe('A002');
    expect((await s.call(rateCalls.saveRates, { memId: 'lpt1', rateList: [{ category: 'slot', pointRate: 0, loseRate: 0 }] }, t1)).resultCode).toBe('A002');
    expect((await s.call(partnerCalls.lowerPartnerList, { memId: 'lpt1' }, t1)).resultCode).toBe('A002');
    expect(await counts()).toEqual(mid);
    expect((await member('lpt1'))!.login_yn).toBe('Y');
  });

  it('answers A001 to a player on every call the operator shares with partners', async () => {
    const t = await s.login('user1');
    const before = await counts();
    for (const [c, body] of [
      [partnerCalls.createPartner, newPartner('')],
      [partnerCalls.lowerPartnerList, {}],
      [partnerCalls.partnerRates, {}],
      [partnerCalls.detailInfo, { memId: 'lpt1' }],
      [partnerCalls.detailInfoSave, { memId: 'lpt1', loginYn: 'N' }],
      [rateCalls.detailRateInfo, { memId: 'lpt1' }],
      [rateCalls.saveRates, { memId: 'lpt1', rateList: [{ category: 'slot', pointRate: 0, loseRate: 0 }] }],
    ] as const) {
      expect((await s.post(c.path, body, t)).resultCode, c.path).toBe('A001');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a clear code and creates nothing', async () => {
    const before = await counts();
    const house = (over: Record<string, unknown>) => {
      const b: Record<string, unknown> = { ...newPartner(''), ...over };
      if (b.recommenderId === '') delete b.recommenderId;
      return b;
    };
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [house({ memId: 'ptn1' }), 'U109'],
      [house({ memId: 'PTN1' }), 'U109'],
      [house({ memNick: 'lpt1_new' }), 'U110'],
      [house({ memPass: '' }), 'U119'],
      [house({ memId: '' }), 'U101'],
      [house({ memPhone: '' }), 'U114'],
      [house({ bankAcc: '' }), 'U117'],
      [house({ cashOutPass: '' }), 'U103'],
      [house({ rateList: ratesOf(101, 0) }), 'V001', /casino: rolling rate must be 0 to 100/],
      // above the upper's: ptn1's casino rolling is 1.5
      [{ ...newPartner('ptn1'), rateList: ratesOf(1, 5, { pointRate: 2, loseRate: 5 }) }, 'V001', /casino: rolling rate must be 0 to 1\.5/],
      [{ ...newPartner('ptn5') }, 'A001'],
      [{ ...newPartner('nobody99') }, 'A002'],
      [{ ...newPartner('user1') }, 'A001'],
    ];
    for (const [body, code, message] of cases) {
      const r = await s.post(partnerCalls.createPartner.path, body, op);
      expect(r.resultCode, JSON.stringify(body)).toBe(code);
      if (message) expect(r.resultMessage).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("keeps another site's operator off this site's partners", async () => {
    const owner = await platformOwner(s);
    const b = await openedSite(s, owner, 'psite');
    expect(b.loginCode).toBe('0');
    const bOp = b.login!.token;
    const before = await counts();
    // B's session on A's site, and B's operator naming A's partners on its own site
    for (const [c, body] of [
      [partnerCalls.createPartner, newPartner('ptn1')],
      [partnerCalls.detailInfoSave, { memId: 'lpt1', loginYn: 'N' }],
      [rateCalls.saveRates, { memId: 'lpt1', rateList: [{ category: 'slot', pointRate: 0, loseRate: 0 }] }],
      [partnerCalls.lowerPartnerList, { memId: 'lpt1' }],
    ] as const) {
      expect((await s.post(c.path, body, bOp)).resultCode, `${c.path} on A`).not.toBe('0');
      expect((await b.post(c.path, body, bOp)).resultCode, `${c.path} on B`).toBe('A002');
    }
    const list = await b.post(partnerCalls.lowerPartnerList.path, {}, bOp);
    expect(list.resultCode).toBe('0');
    expect(list.data.list).toEqual([]);
    expect(await counts()).toEqual(before);
    expect((await member('lpt1'))!.login_yn).toBe('Y');
  }, 120_000);
});
