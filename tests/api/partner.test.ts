import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import type { Call } from '../../src/contract/define.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { retailCalls } from '../../src/contract/retail.js';

const PASS = 'demo1234!';
const member = (over: Record<string, unknown> = {}) => ({
  memId: 'shop1',
  memPass: PASS,
  memPassCheck: PASS,
  memPhone: '010-4000-0001',
  memNick: 'shop1_nick',
  recommenderId: 'ptn7',
  memName: 'HONG',
  cashOutPass: '1234',
  bank: 'KB',
  bankacc: '40000001',
  ...over,
});
const partner = (over: Record<string, unknown> = {}) => ({
  memId: 'sub1',
  memPass: PASS,
  memNick: 'sub1_nick',
  cashOutPass: '1234',
  bank: 'KB',
  bankAcc: '41000001',
  memName: 'KIM',
  memPhone: '010-4100-0001',
  ...over,
});

describe(`partner back-office (${testDb})`, () => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const call = <C extends Call>(who: string, c: C, body: Record<string, unknown> = {}) => s.loose(t[who])(c, body);
  const row = (memId: string) => s.app.db.selectFrom('member').selectAll().where('mem_id', '=', memId).executeTakeFirst();
  const count = async () =>
    Number(
      (
        await s.app.db
          .selectFrom('member')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startTestServer();
    for (const who of ['ptn1', 'ptn2', 'ptn3', 'ptn4', 'ptn5', 'ptn6', 'ptn7', 'admin']) t[who] = await s.login(who);
  });
  afterAll(() => s?.close());

  describe('member creation (partnerJoin)', () => {
    it('checks fields in the seed order, stopping at the first failure, creating nothing', async () => {
      const before = await count();
      const steps: [Record<string, unknown>, string][] = [
        [{ memId: '', memPass: '', memPassCheck: '', memPhone: '', memNick: '', recommenderId: '', memName: '', cashOutPass: '', bank: '', bankacc: '' }, 'U101'],
        [{ memId: 'a b' }, 'U101'],
        [{ memPassCheck: '' }, 'U113'],
        [{ memPassCheck: 'other123' }, 'U113'],
        [{ memPass: 'short', memPassCheck: 'short' }, 'U102'],
        [{ memPass: 'x'.repeat(21), memPassCheck: 'x'.repeat(21) }, 'U102'],
        [{ memPhone: '' }, 'U114'],
        [{ memNick: 'ab' }, 'U105'],
        [{ memNick: 'n'.repeat(21) }, 'U105'],
        [{ recommenderId: '' }, 'U106'],
        [{ memName: '' }, 'U116'],
        [{ cashOutPass: '12a4' }, 'U103'],
        [{ cashOutPass: '12345' }, 'U103'],
        [{ bank: '' }, 'U115'],
        [{ bankacc: '12-34' }, 'U117'],
        // a later field broken too: the earlier one is reported
        [{ memPhone: '', memNick: 'ab', bankacc: '' }, 'U114'],
      ];
      for (const [over, code] of steps) {
        const r = await call('ptn3', partnerCalls.partnerJoin, member(over));
        expect([JSON.stringify(over), r.resultCode]).toEqual([JSON.stringify(over), code]);
      }
      expect(await count()).toBe(before);
    });

    it('creates a member under the caller or a partner of its subtree, never elsewhere', async () => {
      expect((await call('ptn3', partnerCalls.partnerJoin, member({ recommenderId: 'ptn2' }))).resultCode).toBe('A002');
      expect((await call('ptn3', partnerCalls.partnerJoin, member({ recommenderId: 'user1' }))).resultCode).toBe('U107');
      const r = await call('ptn3', partnerCalls.partnerJoin, member());
      expect(r).toMatchObject({ resultCode: '0', data: { memIds: ['shop1'] } });
      const m = await row('shop1');
      expect(m).toMatchObject({ partner_level: 'NORMAL', login_type: 'NORMAL', status: 'ACTIVE', parent_id: (await row('ptn7'))!.id });
      const paths = await s.app.db.selectFrom('member_path').select('depth').where('descendant_id', '=', m!.id).execute();
      expect(paths.length).toBe(8); // itself, ptn7..ptn1
      expect((await call('ptn3', partnerCalls.partnerJoin, member({ memPhone: '010-4000-0002', bankacc: '40000002' }))).resultCode).toBe('U109');
      expect((await call('ptn3', partnerCalls.partnerJoin, member({ memId: 'shop1b', memPhone: '010-4000-0002', bankacc: '40000002' }))).resultCode).toBe('U110');
      expect((await call('ptn3', partnerCalls.partnerJoin, member({ memId: 'shop1b', memNick: 'shop1b_nick', bankacc: '40000002' }))).resultCode).toBe('U111');
      expect((await s.login('shop1')).length).toBeGreaterThan(10);
    });

    it('checks group ranges: numbers only, back number larger, at most 10', async () => {
      const before = await count();
      const group = (startNum: unknown, endNum: unknown, over: Record<string, unknown> = {}) =>
        call('ptn5', partnerCalls.partnerJoin, member({ memId: 'grp', memNick: 'grp_nick', recommenderId: 'ptn5', groupYn: 'Y', startNum, endNum, ...over }));
      const cases: [unknown, unknown, RegExp][] = [
        ['a', '3', /numbers only/],
        ['1', '', /numbers only/],
        ['1.5', '3', /numbers only/],
        ['3', '3', /must be larger/],
        ['5', '2', /must be larger/],
        ['1', '11', /up to 10/],
      ];
      for (const [a, b, msg] of cases) {
        const r = await group(a, b);
        expect(r.resultCode).toBe('V001');
        expect(r.resultMessage).toMatch(msg);
      }
      // the id with its number must still be a valid id: 'abcdefghijkl' + 2 digits is 14 characters
      expect((await group('1', '2', { memId: 'abcdefghijkl' })).resultCode).toBe('U101');
      expect(await count()).toBe(before);
    });

    it('creates a group with two-digit numbers on id, nickname and name, or none when one is taken', async () => {
      const r = await call('ptn5', partnerCalls.partnerJoin, member({ memId: 'grp', memNick: 'grp_nick', recommenderId: 'ptn6', groupYn: 'Y', startNum: '8', endNum: '12' }));
      expect(r).toMatchObject({ resultCode: '0', data: { memIds: ['grp08', 'grp09', 'grp10', 'grp11', 'grp12'] } });
      expect(await row('grp09')).toMatchObject({ mem_nick: 'grp_nick09', mem_name: 'HONG09', parent_id: (await row('ptn6'))!.id, mem_phone: null, bank_acc: null });
      const before = await count();
      const again = await call('ptn5', partnerCalls.partnerJoin, member({ memId: 'grp', memNick: 'grpx_nick', recommenderId: 'ptn5', groupYn: 'Y', startNum: '1', endNum: '8' }));
      expect(again.resultCode).toBe('U109');
      expect(await count()).toBe(before);
    });
  });

  describe('partner creation requests', () => {
    it('checks rates first, then fields in the seed order', async () => {
      const steps: [Record<string, unknown>, string, RegExp?][] = [
        [{ memId: '', rateList: [{ category: 'casino', pointRate: '99', loseRate: '0' }] }, 'V001', /casino: rolling/],
        [{ memId: '', rateList: [{ category: 'slot', pointRate: '0', loseRate: 'x' }] }, 'V001', /slot: losing/],
        [{ memId: '' }, 'U101'],
        [{ memPass: '' }, 'U119'],
        [{ memPass: 'a'.repeat(21) }, 'U102'],
        [{ memNick: '' }, 'U105'],
        [{ cashOutPass: '' }, 'U103'],
        [{ bank: '' }, 'U115'],
        [{ bankAcc: '' }, 'U117'],
        [{ memName: '' }, 'U116'],
        [{ memPhone: '' }, 'U114'],
        [{ memId: 'ptn7' }, 'U109'],
        [{ memNick: 'ptn7_nick' }, 'U110'],
        [{ memPhone: '010-1000-1000' }, 'U111'],
      ];
      for (const [over, code, msg] of steps) {
        const r = await call('ptn3', partnerCalls.createPartner, partner(over));
        expect([JSON.stringify(over), r.resultCode]).toEqual([JSON.stringify(over), code]);
        if (msg) expect(r.resultMessage).toMatch(msg);
      }
      const n = await s.app.db.selectFrom('partner_request').select('id').where('mem_id', '=', 'sub1').execute();
      expect(n.length).toBe(0);
    });

    it('files a request one level below the parent; PTN_5 and PTN_7 cannot', async () => {
      const r = await call('ptn3', partnerCalls.createPartner, partner({ rateList: [{ category: 'casino', pointRate: '0', loseRate: '0' }] }));
      expect(r).toMatchObject({ resultCode: '0', data: { memId: 'sub1', partnerLevel: 'PTN_4', status: 0 } });
      expect(await row('sub1')).toBeUndefined();
      // the waiting request holds the id, nickname, phone and account
      expect((await call('ptn2', partnerCalls.createPartner, partner({ memId: 'SUB1' }))).resultCode).toBe('U109');
      expect((await call('ptn2', partnerCalls.createPartner, partner({ memId: 'sub2' }))).resultCode).toBe('U110');
      expect((await call('ptn2', partnerCalls.createPartner, partner({ memId: 'sub2', memNick: 'sub2_nick', memPhone: '010-4100-0002' }))).resultCode).toBe('U112');
      // under a partner of the subtree: one level below that partner
      const deep = await call(
        'ptn3',
        partnerCalls.createPartner,
        partner({ memId: 'sub6', memNick: 'sub6_nick', memPhone: '010-4100-0006', bankAcc: '41000006', recommenderId: 'ptn5b' }),
      );
      expect(deep.resultCode).toBe('A001'); // a PTN_5 parent has members only
      const six = await call('ptn6', partnerCalls.createPartner, partner({ memId: 'sub7', memNick: 'sub7_nick', memPhone: '010-4100-0007', bankAcc: '41000007' }));
      expect(six).toMatchObject({ resultCode: '0', data: { partnerLevel: 'PTN_7' } });
      expect((await call('ptn5', partnerCalls.createPartner, partner({ memId: 'sub8' }))).resultCode).toBe('A001');
      expect((await call('ptn7', partnerCalls.createPartner, partner({ memId: 'sub9' }))).resultCode).toBe('A001');
    });

    it("gives rate bounds for a new partner: 0 up to the parent's own rates", async () => {
      const r = await call('ptn3', partnerCalls.partnerRates, {});
      expect(r.data.rateMaxMinList.map((b: { vendorCode: string }) => b.vendorCode)).toEqual(['casino', 'hcasino', 'slot', 'sport', 'mini']);
      const own = await s.app.db
        .selectFrom('rate')
        .innerJoin('member', 'member.id', 'rate.member_id')
        .select(['rate.point_rate', 'rate.lose_rate'])
        .where('member.mem_id', '=', 'ptn3')
        .where('member.site_id', '=', s.siteId)
        .where('rate.category', '=', 'casino')
        .executeTakeFirstOrThrow();
      expect(r.data.rateMaxMinList[0]).toEqual({ vendorCode: 'casino', minPointRate: 0, maxPointRate: Number(own.point_rate), minLoseRate: 0, maxLoseRate: Number(own.lose_rate) });
    });

    it('lets the operator approve (the partner exists, with its password) or reject, once', async () => {
      const list = await call('admin', partnerCalls.requestList, { status: 0 });
      expect(list.resultCode).toBe('0');
      const req = list.data.list.find((x: { memId: string }) => x.memId === 'sub1')!;
      expect(req).toMatchObject({ recommenderId: 'ptn3', requestedBy: 'ptn3', partnerLevel: 'PTN_4', status: 0 });
      expect(list.data.list.map((x: { memId: string }) => x.memId)).toEqual(expect.arrayContaining(['ptn4c', 'ptn2c'])); // the demo's waiting ones

      const ok = await call('admin', partnerCalls.approveRequest, { reqIdx: req.reqIdx });
      expect(ok).toMatchObject({ resultCode: '0', data: { memId: 'sub1' } });
      expect(await row('sub1')).toMatchObject({ partner_level: 'PTN_4', login_type: 'PARTNER', parent_id: (await row('ptn3'))!.id, mem_phone: '010-4100-0001' });
      t.sub1 = await s.login('sub1');
      expect((await call('admin', partnerCalls.approveRequest, { reqIdx: req.reqIdx })).resultCode).toBe('T999');
      expect((await call('admin', partnerCalls.rejectRequest, { reqIdx: req.reqIdx })).resultCode).toBe('T999');
      expect((await call('admin', partnerCalls.approveRequest, { reqIdx: 99999 })).resultCode).toBe('V001');
      const tree = await call('ptn3', partnerCalls.hierarchy, {});
      expect(tree.data.hierarchy[0].children.map((c: { memId: string }) => c.memId)).toEqual(['ptn4', 'sub1']);

      const other = list.data.list.find((x: { memId: string }) => x.memId === 'ptn4c')!;
      expect((await call('admin', partnerCalls.rejectRequest, { reqIdx: other.reqIdx, memo: 'no' })).resultCode).toBe('0');
      expect((await call('admin', partnerCalls.approveRequest, { reqIdx: other.reqIdx })).resultCode).toBe('T999');
      expect(await row('ptn4c')).toBeUndefined();
      const rejected = await call('admin', partnerCalls.requestList, { status: -1 });
      expect(rejected.data.list).toEqual([expect.objectContaining({ memId: 'ptn4c', status: -1, memo: 'no' })]);
    });
  });

  describe('tree and lists', () => {
    const ids = (r: { data: { list: { memId: string }[] } }) => r.data.list.map((x) => x.memId);

    it('loads the tree one level at a time, partners only unless members are asked for', async () => {
      const r = await call('ptn4', partnerCalls.hierarchy, { memId: 'ptn5b' });
      expect(r.data.hierarchy[0]).toMatchObject({ memId: 'ptn5b', partnerLevel: 'PTN_5', partnerLevelName: '매장', cnt: 0, children: [], open: true });
      const y = await call('ptn4', partnerCalls.hierarchy, { memId: 'ptn5b', treeOption: 'Y' });
      expect(y.data.hierarchy[0].children.map((c: { memId: string }) => c.memId)).toEqual(['user14', 'user15', 'user16']);
      const top = await call('ptn4', partnerCalls.hierarchy, {});
      expect(top.data.hierarchy[0].children).toEqual([expect.objectContaining({ memId: 'ptn5', cnt: 1, open: false }), expect.objectContaining({ memId: 'ptn5b', cnt: 0 })]);
      const paged = await call('ptn6', partnerCalls.hierarchy, { treeOption: 'Y', count_per_list: 2, page: 2 });
      expect(paged.data.pageInfo).toEqual({ page: 2, count_per_list: 2, tatal_list_count: 12 }); // ptn7, ptn7b, user6..10, grp08..12
      expect(paged.data.hierarchy[0].children.map((c: { memId: string }) => c.memId)).toEqual(['grp08', 'grp09']);
    });

    it('lists the members of a subtree with every order, search and page', async () => {
      const all = await call('ptn5', partnerCalls.lowerUserList, { count_per_list: 100 });
      const expected = [
        'user1',
        'user2',
        'user3',
        'user4',
        'user5',
        'user6',
        'user7',
        'user8',
        'user9',
        'user10',
        'user11',
        'user12',
        'user13',
        'shop1',
        'grp08',
        'grp09',
        'grp10',
        'grp11',
        'grp12',
      ];
      expect(all.data.pageInfo.tatal_list_count).toBe(expected.length);
      expect([...ids(all)].sort()).toEqual([...expected].sort());
      const sorted = (xs: string[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(ids(await call('ptn5', partnerCalls.lowerUserList, { orderStr: 'ID_ASC', count_per_list: 100 }))).toEqual(sorted(expected));
      expect(ids(await call('ptn5', partnerCalls.lowerUserList, { orderStr: 'ID_DESC', count_per_list: 100 }))).toEqual(sorted(expected).reverse());
      for (const [order, key] of [
        ['CASH_DESC', 'cashAmt'],
        ['POINT_DESC', 'pointAmt'],
      ] as const) {
        const list = (await call('ptn5', partnerCalls.lowerUserList, { orderStr: order, count_per_list: 100 })).data.list;
        expect(list.map((x) => x[key])).toEqual(list.map((x) => x[key]).sort((a: number, b: number) => b - a));
      }
      const join = (await call('ptn5', partnerCalls.lowerUserList, { count_per_list: 100 })).data.list.map((x: { joinDate: string }) => x.joinDate);
      expect(join).toEqual([...join].sort().reverse());

      const pages = [1, 2, 3].map((page) => call('ptn5', partnerCalls.lowerUserList, { orderStr: 'ID_ASC', count_per_list: 8, page }));
      const got = await Promise.all(pages);
      expect(got.flatMap(ids)).toEqual(sorted(expected));
      expect(got[2].data.pageInfo).toEqual({ page: 3, count_per_list: 8, tatal_list_count: expected.length });

      expect(sorted(ids(await call('ptn5', partnerCalls.lowerUserList, { searchType: 'id', searchValue: 'USER1' })))).toEqual(['user1', 'user10', 'user11', 'user12', 'user13']);
      expect(ids(await call('ptn5', partnerCalls.lowerUserList, { searchType: 'nickname', searchValue: 'p_nick1' }))).toEqual(['grp12', 'grp11', 'grp10']);
      expect(sorted(ids(await call('ptn5', partnerCalls.lowerUserList, { memId: 'ptn7', treeOption: 'N' })))).toEqual(['shop1', 'user1', 'user2', 'user3', 'user4', 'user5']);
      const everyone = await call('ptn5', partnerCalls.lowerUserList, { targetLevel: 'ALL' });
      expect(everyone.data.pageInfo.tatal_list_count).toBe(expected.length + 3); // ptn6, ptn7, ptn7b
      expect(ids(await call('ptn5', partnerCalls.lowerUserList, { targetLevel: 'PTN_7', orderStr: 'ID_ASC' }))).toEqual(['ptn7', 'ptn7b']);
    });

    it('shows uppers only from the viewer down, nearest first', async () => {
      const r = await call('ptn3', partnerCalls.lowerUserList, { searchType: 'id', searchValue: 'user1', treeOption: 'Y', orderStr: 'ID_ASC', count_per_list: 1 });
      expect(r.data.list[0]).toMatchObject({ memId: 'user1', recommenderId: 'ptn7', myLevel: 'NORMAL' });
      expect(r.data.list[0].topUserList.map((u: { recommenderId: string }) => u.recommenderId)).toEqual(['ptn7', 'ptn6', 'ptn5', 'ptn4', 'ptn3']);
      const seen = await call('ptn6', partnerCalls.lowerUserList, { searchType: 'id', searchValue: 'user1', orderStr: 'ID_ASC', count_per_list: 1 });
      expect(seen.data.list[0].topUserList).toEqual([
        { recommenderId: 'ptn7', partnerLevel: 'PTN_7', partnerLevelName: '팀' },
        { recommenderId: 'ptn6', partnerLevel: 'PTN_6', partnerLevelName: '지점' },
      ]);
    });

    it('lists partners with head counts, holdings and the inner/direct variants', async () => {
      const r = await call('ptn3', partnerCalls.lowerPartnerList, { targetLevel: 'PTN_5', orderStr: 'ID_ASC' });
      expect(ids(r)).toEqual(['ptn5', 'ptn5b']);
      const p5 = r.data.list[0];
      expect(p5).toMatchObject({ cnt: 1, cntBottom: 1, cntBotPartner: 3 });
      expect(p5.countInfo).toEqual([
        { partnerLevel: 'PTN_6', partnerLevelName: '지점', cnt: 1 },
        { partnerLevel: 'PTN_7', partnerLevelName: '팀', cnt: 2 },
        { partnerLevel: 'NORMAL', partnerLevelName: '회원', cnt: 19 },
      ]);
      const below = await s.app.db
        .selectFrom('member_path as p')
        .innerJoin('member as m', 'm.id', 'p.descendant_id')
        .select((eb) => eb.fn.sum<number>('m.cash_amt').as('c'))
        .where('p.ancestor_id', '=', (await row('ptn5'))!.id)
        .where('p.depth', '>', 0)
        .executeTakeFirstOrThrow();
      expect(p5.totalBalance.totalCashAmt).toBe(Number(below.c));
      expect(p5.topUserList.map((u: { recommenderId: string }) => u.recommenderId)).toEqual(['ptn4', 'ptn3']);
      expect(ids(await call('ptn3', partnerCalls.lowerPartnerList, { searchType: 'id', searchValue: 'ptn7', orderStr: 'ID_ASC' }))).toEqual(['ptn7', 'ptn7b']);
      expect(ids(await call('ptn3', partnerCalls.myPartnerList2, { searchType: 'INNER', memId: 'ptn4' }))).toEqual(['ptn5b', 'ptn5']);
      expect(ids(await call('ptn3', partnerCalls.myPartnerList2, { searchType: 'OUTER', partnerLevel: 'PTN_7' })).sort()).toEqual(['ptn7', 'ptn7b']);
      expect(ids(await call('ptn3', partnerCalls.myPartnerDirectList, {}))).toEqual(['ptn4', 'sub1']);
      expect((await call('ptn3', partnerCalls.myMemIds, { code: 'PTN_5', masterCode: 'partner' })).data.memIds).toEqual(['ptn5', 'ptn5b']);
    });

    it('sums money from the ledger: own gives and retrieves, a member’s receipts, deposits', async () => {
      const sums = async (memId: string) => {
        const rows = await s.app.db
          .selectFrom('ledger_entry')
          .select(['type_code', (eb) => eb.fn.sum<number>('amount').as('a')])
          .where('member_id', '=', (await row(memId))!.id)
          .where('kind', '=', 'cash')
          .groupBy('type_code')
          .execute();
        return (type: number) => Math.abs(Number(rows.find((x) => x.type_code === type)?.a ?? 0));
      };
      const p4 = await sums('ptn4');
      const info = await call('ptn3', partnerCalls.partnerInfo, { memId: 'ptn4' });
      expect(info.data.partnerInfo).toMatchObject({ memId: 'ptn4', payment: p4(-3), payback: p4(3), cashAmt: (await row('ptn4'))!.cash_amt });
      const u2 = await sums('user2');
      const list = await call('ptn7', partnerCalls.lowerUserList, { searchType: 'id', searchValue: 'user2' });
      expect(list.data.list[0]).toMatchObject({ payment: u2(33), payback: u2(-33), cashIn: u2(1) });
      expect(list.data.list[0].totalCashProfit).toBe(list.data.list[0].cashIn - list.data.list[0].cashOut);

      const before = (await call('ptn6', partnerCalls.statistics)).data.mainStatisticsInfo;
      const give = await call('ptn6', retailCalls.cashIn, { memId: 'user7', inAmt: 12_345, requestId: 'partner-test-give-1' });
      expect(give.resultCode).toBe('0');
      const after = (await call('ptn6', partnerCalls.statistics)).data.mainStatisticsInfo;
      expect(after.dPayment).toBe(before.dPayment + 12_345);
      const log = (await call('ptn6', partnerCalls.newPayLog)).data.mainNewPayLog;
      expect(log.newPaymentList[0]).toMatchObject({ memId: 'user7', memNick: 'user7_nick', cashAmt: 12_345 });
      const mine = (await call('ptn6', partnerCalls.myCashReport)).data.myCashReport;
      expect(mine.myPayment).toBeGreaterThanOrEqual(12_345);
      expect(mine.decreaseTotal).toBe(mine.cashOut + mine.adminPayback + mine.upperPayback + mine.myPayment);
      const top = (await call('ptn6', partnerCalls.topInfo)).data.mainTopInfo;
      expect(top.userCnt).toBe(21); // ptn7, ptn7b, user1..13, shop1, grp08..12
    });

    it('shows online members while their session is open', async () => {
      const userToken = await s.login('user3');
      const online = await call('ptn7', partnerCalls.myLoginMem, {});
      expect(online.data.list.map((x: { memId: string }) => x.memId)).toContain('user3');
      expect(online.data.list.find((x: { memId: string }) => x.memId === 'user3')).toMatchObject({ loginIP: '127.0.0.1' });
      expect((await call('ptn7', partnerCalls.loginList, {})).data.list.map((x: { memId: string }) => x.memId)).toContain('user3');
      await s.call(memberCalls.logout, {}, userToken);
      expect((await call('ptn7', partnerCalls.retailLoginList, {})).data.loginMemList.map((x: { memId: string }) => x.memId)).not.toContain('user3');
    });
  });

  describe('member detail', () => {
    it('edits nickname, login permission and phone of a member below, with format and duplicate checks', async () => {
      expect((await call('ptn6', partnerCalls.detailInfoSave, { memId: 'user8', memNick: 'ab' })).resultCode).toBe('U105');
      expect((await call('ptn6', partnerCalls.detailInfoSave, { memId: 'user8', memNick: 'user9_nick' })).resultCode).toBe('U110');
      expect((await call('ptn6', partnerCalls.detailInfoSave, { memId: 'ptn6', memNick: 'ptn6_new' })).resultCode).toBe('A002');
      const userToken = await s.login('user8');
      expect((await call('ptn6', partnerCalls.detailInfoSave, { memId: 'user8', memNick: 'user8_new', loginYn: 'N' })).resultCode).toBe('0');
      const d = await call('ptn6', partnerCalls.detailInfo, { memId: 'user8' });
      expect(d.data.partnerInfo).toMatchObject({ memId: 'user8', memNick: 'user8_new', loginYn: 'N', partnerLevelName: '회원' });
      expect((await s.call(memberCalls.info, {}, userToken)).resultCode).not.toBe('0');
      await expect(s.login('user8')).rejects.toThrow(/U010/);

      expect((await call('ptn6', partnerCalls.updMemPhone, { memId: 'user8', memPhone: '12ab' })).resultCode).toBe('U114');
      expect((await call('ptn6', partnerCalls.updMemPhone, { memId: 'user8', memPhone: '010-2000-1019' })).resultCode).toBe('U111');
      expect((await call('ptn6', partnerCalls.updMemPhone, { memId: 'user8', memPhone: '010-8888-0008' })).resultCode).toBe('0');
      expect((await row('user8'))!.mem_phone).toBe('010-8888-0008');
    });

    it('pages the login log newest first, and pages the game and bet tabs', async () => {
      const r = await call('ptn7', partnerCalls.loginLog, { memId: 'user1' });
      expect(r.data.loginLog.length).toBe(10);
      const dates = r.data.loginLog.map((x: { accessDate: string }) => x.accessDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(r.data.pageInfo.tatal_list_count).toBeGreaterThan(10);
      for (const path of [partnerCalls.playGameList, partnerCalls.betListNew]) {
        const tab = (await call('ptn7', path, { memId: 'user1', startDate: '2000-01-01 00:00:00', endDate: '2100-01-01 00:00:00' })).data;
        expect(tab.pageInfo).toMatchObject({ page: 1, count_per_list: 10 });
        expect(tab.list.length).toBe(Math.min(10, tab.pageInfo.tatal_list_count));
      }
    });
  });
});
