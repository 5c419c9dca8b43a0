import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../src/contract/enums.js';
import type { Audience } from '../../src/server/live/publisher.js';
import { adminBoardCalls, boardCalls } from '../../src/contract/board.js';
import { memberCalls } from '../../src/contract/member.js';
import type { Call, ReqOf } from '../../src/contract/define.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { adminMessageCalls, messageCalls } from '../../src/contract/message.js';
import { commonCalls } from '../../src/contract/common.js';
import { adminSiteCalls, siteCalls } from '../../src/contract/site.js';

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)><a href="JaVaScRiPt:alert(3)">x</a><p onclick="alert(4)">p</p>';

describe(`inquiries, notices, messages and site operations (${testDb})`, () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const events: { to: Audience; ev: LiveEvent }[] = [];
  const as = (memId: string) => tokens[memId];
  const post = <C extends Call>(c: C, memId: string, body: Record<string, unknown> = {}) => s.loose(as(memId))(c, body);
  const callAs = <C extends Call>(c: C, memId: string, body: ReqOf<C>) => s.as(as(memId))(c, body);
  const eventsFor = (memId: string, type: string) => events.filter((e) => 'memId' in e.to && e.to.memId === memId && e.ev.type === type);
  const broadcasts = (type: string) => events.filter((e) => 'all' in e.to && e.ev.type === type);

  beforeAll(async () => {
    s = await startTestServer();
    s.app.live.onEvent((to, ev) => events.push({ to, ev }));
    for (const m of ['admin', 'user1', 'user2', 'user3', 'user4', 'user5', 'ptn6', 'user6']) tokens[m] = await s.login(m);
  });
  afterAll(() => s?.close());

  describe('notices', () => {
    it('are readable by every logged-in member, newest first, with idxList and page size 10', async () => {
      const r = await callAs(boardCalls.list.nt, 'user1', { page: 1 });
      expect(r.resultCode).toBe('0');
      expect(r.data!.list.length).toBeGreaterThan(0);
      expect(r.data!.list.length).toBeLessThanOrEqual(10);
      expect(r.data!.idxList).toEqual(r.data!.list.map((x: { boardIdx: number }) => x.boardIdx));
      expect(r.data!.pageInfo).toMatchObject({ page: 1, count_per_list: 10 });
      const dates = r.data!.list.map((x: { regDate: string }) => x.regDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(r.data!.list[0].regDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const p = await callAs(boardCalls.list.nt, 'ptn6', { page: 1, category: 'event' });
      expect(p.data!.list.every((x: { category: string }) => x.category === 'event')).toBe(true);
      expect((await s.call(boardCalls.list.nt, { page: 1 })).resultCode).toBe('TK001');
    });

    it('are written by the operator with HTML sanitised before it is stored', async () => {
      const w = await callAs(adminBoardCalls.save.nt, 'admin', {
        category: 'notice',
        title: 'Maintenance <script>alert(1)</script>notice',
        content: `<h2>Tuesday</h2><p>Be <b>ready</b></p>${XSS}`,
      });
      expect(w.resultCode).toBe('0');
      const d = await callAs(boardCalls.datail.nt, 'user2', { boardIdx: w.data!.boardIdx });
      expect(d.resultCode).toBe('0');
      const { title, content, newYn, memId } = d.data!.board;
      expect(title).toBe('Maintenance alert(1)notice');
      expect(content).toContain('<h2>Tuesday</h2><p>Be <b>ready</b></p>');
      expect(content).not.toMatch(/script|onerror|onclick|javascript/i);
      expect(newYn).toBe('Y');
      expect(memId).toBe('admin');
      const dash = await callAs(boardCalls.mainNotices, 'ptn6', {});
      expect(dash.data!.boardList[0]).toMatchObject({ boardIdx: w.data!.boardIdx, title });
    });

    it('are edited and deleted by the operator only', async () => {
      const w = await callAs(adminBoardCalls.save.nt, 'admin', { category: 'rule', title: 'Rule one', content: 'line1\nline2' });
      expect((await callAs(boardCalls.datail.nt, 'user1', { boardIdx: w.data!.boardIdx })).data!.board.content).toBe('line1<br>line2');
      expect((await callAs(adminBoardCalls.save.nt, 'user1', { title: 'x', content: 'y' })).resultCode).toBe('A001');
      expect((await callAs(boardCalls.save.nt, 'user1', { title: 'x', content: 'y' })).resultCode).toBe('A001');
      const e = await callAs(adminBoardCalls.save.nt, 'admin', { boardIdx: w.data!.boardIdx, category: 'rule', title: 'Rule 1', content: 'changed' });
      expect(e.resultCode).toBe('0');
      expect((await callAs(boardCalls.datail.nt, 'user1', { boardIdx: w.data!.boardIdx })).data!.board.title).toBe('Rule 1');
      expect((await callAs(adminBoardCalls.save.nt, 'admin', { boardIdx: w.data!.boardIdx, delYn: 'Y' })).resultCode).toBe('0');
      expect((await callAs(boardCalls.datail.nt, 'user1', { boardIdx: w.data!.boardIdx })).resultCode).toBe('A001');
      // raw: a category outside the contract's list is the refusal under test
      const bad = await post(adminBoardCalls.save.nt, 'admin', { category: 'nope', title: 'x', content: 'y' });
      expect(bad.resultCode).toBe('V001');
      expect((await callAs(boardCalls.save.nt, 'admin', { category: 'nope', title: 'x', content: 'y' })).resultCode).toBe('V001');
      const viaSeedPath = await callAs(boardCalls.save.nt, 'admin', { category: 'event', title: 'Event', content: '<b>x</b>' });
      expect(viaSeedPath.resultCode).toBe('0');
    });
  });

  describe('inquiries', () => {
    let mine: number;

    it('are plain text: escaped, line breaks kept, title stripped of tags', async () => {
      const w = await callAs(boardCalls.save.faq, 'user1', { title: '<b>Deposit</b> question', content: `${XSS}\nsecond line`, faqType: 'etc', category: '' });
      expect(w.resultCode).toBe('0');
      mine = w.data!.boardIdx!;
      const d = await callAs(boardCalls.datail.faq, 'user1', { boardIdx: mine });
      expect(d.data!.board).toMatchObject({ title: 'Deposit question', status: 'WAIT', faqType: 'etc', memId: 'user1', isReadAdmin: 'N', commentList: [] });
      expect(d.data!.board.content).not.toMatch(/<script|<img|<a |<p /i);
      expect(d.data!.board.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(d.data!.board.content).toContain('<br>second line');
    });

    it('need a title and content', async () => {
      expect((await callAs(boardCalls.save.faq, 'user1', { title: ' ', content: 'x' })).resultCode).toBe('V001');
      expect((await callAs(boardCalls.save.faq, 'user1', { title: 'x', content: '' })).resultCode).toBe('V001');
    });

    it('save a bank-account inquiry', async () => {
      // raw: the body names boardType as the spec's does, a field the contract does not list
      const w = await post(boardCalls.save.faq, 'user4', { boardType: 'faq', faqType: 'bankaccount', title: 'Account inquiry', content: 'Account inquiry', category: '' });
      expect(w.resultCode).toBe('0');
      const l = await callAs(boardCalls.list.faq, 'user4', { page: 1 });
      expect(l.data!.list[0]).toMatchObject({ boardIdx: w.data!.boardIdx, faqType: 'bankaccount', status: 'WAIT' });
    });

    it('of another member are refused and left unchanged', async () => {
      expect((await callAs(boardCalls.datail.faq, 'user2', { boardIdx: mine })).resultCode).toBe('A001');
      expect((await callAs(boardCalls.save.faq, 'user2', { boardIdx: mine, delYn: 'Y' })).resultCode).toBe('A001');
      expect((await callAs(boardCalls.save.faq, 'user2', { boardIdx: mine, title: 'hijack', content: 'x' })).resultCode).toBe('A001');
      expect((await callAs(boardCalls.list.faq, 'user2', { page: 1, memId: 'user1' })).resultCode).toBe('A001');
      const other = await callAs(boardCalls.list.faq, 'user2', { page: 1 });
      expect(other.data!.list.some((x: { boardIdx: number }) => x.boardIdx === mine)).toBe(false);
      // a batch with one foreign id deletes nothing
      const own2 = await callAs(boardCalls.save.faq, 'user2', { title: 'mine', content: 'mine' });
      expect((await callAs(boardCalls.save.faq, 'user2', { boardIdxList: [own2.data!.boardIdx, mine], delYn: 'Y' })).resultCode).toBe('A001');
      expect((await callAs(boardCalls.datail.faq, 'user2', { boardIdx: own2.data!.boardIdx })).resultCode).toBe('0');
      const still = await callAs(boardCalls.datail.faq, 'user1', { boardIdx: mine });
      expect(still.data!.board).toMatchObject({ title: 'Deposit question', delYn: 'N' });
    });

    it('are deleted by their author', async () => {
      const w = await callAs(boardCalls.save.faq, 'user1', { title: 'to delete', content: 'x' });
      const d = await callAs(boardCalls.save.faq, 'user1', { boardIdx: w.data!.boardIdx, delYn: 'Y' });
      expect(d).toMatchObject({ resultCode: '0', data: { deleted: 1 } });
      expect((await callAs(boardCalls.datail.faq, 'user1', { boardIdx: w.data!.boardIdx })).resultCode).toBe('A001');
    });

    it('search by title, content or both, paginated by 10 with idxList', async () => {
      for (let i = 1; i <= 12; i++) await callAs(boardCalls.save.faq, 'user5', { title: `zebra ${i}`, content: 'plain body' });
      for (let i = 1; i <= 11; i++) await callAs(boardCalls.save.faq, 'user5', { title: `plain ${i}`, content: `a zebra inside ${i}` });
      const q = (o: Record<string, unknown>) => callAs(boardCalls.list.faq, 'user5', { page: 1, searchValue: 'zebra', ...o });
      expect((await q({ searchOption: 't' })).data!.pageInfo.tatal_list_count).toBe(12);
      expect((await q({})).data!.pageInfo.tatal_list_count).toBe(12); // default t
      expect((await q({ searchOption: 'c' })).data!.pageInfo.tatal_list_count).toBe(11);
      const all = await q({ searchOption: 'tc' });
      expect(all.data!.pageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 23 });
      const pages = [all.data, (await q({ searchOption: 'tc', page: 2 })).data, (await q({ searchOption: 'tc', page: 3 })).data];
      expect(pages.map((p) => p!.list.length)).toEqual([10, 10, 3]);
      for (const p of pages) expect(p!.idxList).toEqual(p!.list.map((x: { boardIdx: number }) => x.boardIdx));
      const ids = pages.flatMap((p) => p!.idxList);
      expect(new Set(ids).size).toBe(23);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect((await q({ searchOption: 'tc', page: 9 })).data!.list).toEqual([]);
      expect((await q({ searchOption: 'tc', searchValue: '%' })).data!.pageInfo.tatal_list_count).toBe(0);
      expect((await q({ searchOption: 'x' })).resultCode).toBe('V001');
    });
  });

  describe('operator replies', () => {
    it('flip the inquiry to ANSWER, push ANSWER_CMT with the unread count, and opening clears it', async () => {
      const w = await callAs(boardCalls.save.faq, 'user3', { title: 'Where is my deposit', content: 'please check' });
      const before = (await callAs(memberCalls.info, 'user3', {})).data!.msgInfo.newAnswer;
      const adminList = await callAs(adminBoardCalls.list.faq, 'admin', { page: 1, status: 'WAIT', memId: 'user3' });
      expect(adminList.data!.list.some((x: { boardIdx: number }) => x.boardIdx === w.data!.boardIdx)).toBe(true);
      const seen = await callAs(adminBoardCalls.datail.faq, 'admin', { boardIdx: w.data!.boardIdx });
      expect(seen.data!.board.memId).toBe('user3');
      expect((await callAs(boardCalls.cmtSave, 'user3', { boardIdx: w.data!.boardIdx, content: 'self answer' })).resultCode).toBe('A001');

      const c = await callAs(boardCalls.cmtSave, 'admin', { boardIdx: w.data!.boardIdx, content: `Done.\n<script>x()</script>`, regId: 'admin' });
      expect(c).toMatchObject({ resultCode: '0', data: { status: 'ANSWER', boardIdx: w.data!.boardIdx } });
      const pushed = eventsFor('user3', 'ANSWER_CMT').at(-1)!;
      expect(pushed.ev).toMatchObject({ type: 'ANSWER_CMT', data1: before + 1 });
      expect(pushed.to).toEqual({ siteId: s.siteId, memId: 'user3' });
      expect((await callAs(memberCalls.info, 'user3', {})).data!.msgInfo.newAnswer).toBe(before + 1);

      const l = await callAs(boardCalls.list.faq, 'user3', { page: 1 });
      expect(l.data!.list[0]).toMatchObject({ boardIdx: w.data!.boardIdx, status: 'ANSWER', isReadAdmin: 'Y', newYn: 'Y' });
      const d = await callAs(boardCalls.datail.faq, 'user3', { boardIdx: w.data!.boardIdx });
      expect(d.data!.board.commentList).toHaveLength(1);
      expect(d.data!.board.commentList[0]).toMatchObject({ regId: 'admin' });
      expect(d.data!.board.commentList[0].content).not.toMatch(/<script/);
      expect(eventsFor('user3', 'ANSWER_CMT').at(-1)!.ev.data1).toBe(before);
      expect((await callAs(memberCalls.info, 'user3', {})).data!.msgInfo.newAnswer).toBe(before);
      // an answered inquiry can no longer be edited
      expect((await callAs(boardCalls.save.faq, 'user3', { boardIdx: w.data!.boardIdx, title: 'x', content: 'y' })).resultCode).toBe('T999');
    });
  });

  describe('messages', () => {
    let msgIdx: number;

    it('reach one member with a MSG push of its unread count', async () => {
      const before = (await callAs(messageCalls.msgList, 'user3', { page: 1 })).data!.newMsg;
      const r = await callAs(adminMessageCalls.send, 'admin', { target: 'member', memId: 'user3', msgTitle: 'Hello <i>you</i>', msgDesc: `Body ${XSS}` });
      expect(r).toMatchObject({ resultCode: '0', data: { sent: 1 } });
      expect(eventsFor('user3', 'MSG').at(-1)!.ev).toMatchObject({ data1: before + 1 });
      const l = await callAs(messageCalls.msgList, 'user3', { page: 1 });
      expect(l.data!.newMsg).toBe(before + 1);
      const m = l.data!.list[0];
      expect(m).toMatchObject({ recieveId: 'user3', msgTitle: 'Hello you', msgStatus: 'N', status: 'Y', noticeYn: 'N' });
      expect(m.msgDesc).not.toMatch(/script|onerror|javascript|onclick/i);
      expect(l.data!.idxList).toEqual(l.data!.list.map((x: { msgIdx: number }) => x.msgIdx));
      msgIdx = m.msgIdx;
      const t = await callAs(messageCalls.msgList, 'user3', { page: 1, searchOption: 'c', searchValue: 'Body' });
      expect(t.data!.list.map((x: { msgIdx: number }) => x.msgIdx)).toEqual([msgIdx]);
    });

    it('unread cannot be deleted (M002) and stays', async () => {
      const r = await callAs(messageCalls.msgUpdate, 'user3', { msgIdx, recieveId: 'user3', status: 'N' });
      expect(r.resultCode).toBe('M002');
      const l = await callAs(messageCalls.msgList, 'user3', { page: 1 });
      expect(l.data!.list[0]).toMatchObject({ msgIdx, status: 'Y', msgStatus: 'N' });
    });

    it('of another member are refused and unchanged', async () => {
      expect((await callAs(messageCalls.msgRead, 'user4', { msgIdx })).resultCode).toBe('A001');
      expect((await callAs(messageCalls.msgUpdate, 'user4', { msgIdx, status: 'R' })).resultCode).toBe('A001');
      expect((await callAs(messageCalls.msgUpdate, 'user4', { msgIdx, status: 'N' })).resultCode).toBe('A001');
      expect((await callAs(messageCalls.msgRead, 'user4', { msgIdx, recieveId: 'user3' })).resultCode).toBe('A001');
      const l = await callAs(messageCalls.msgList, 'user3', { page: 1 });
      expect(l.data!.list[0]).toMatchObject({ msgIdx, status: 'Y', msgStatus: 'N' });
      const other = await callAs(messageCalls.msgList, 'user4', { page: 1 });
      expect(other.data!.list.some((x: { msgIdx: number }) => x.msgIdx === msgIdx)).toBe(false);
    });

    it('are read one at a time, then deleted', async () => {
      const before = (await callAs(messageCalls.msgList, 'user3', { page: 1 })).data!.newMsg;
      const r = await callAs(messageCalls.msgRead, 'user3', { msgIdx, recieveId: 'user3' });
      expect(r).toMatchObject({ resultCode: '0', data: { updated: 1, newMsg: before - 1 } });
      expect(eventsFor('user3', 'MSG').at(-1)!.ev.data1).toBe(before - 1);
      const d = await callAs(messageCalls.msgUpdate, 'user3', { msgIdx, recieveId: 'user3', status: 'N' });
      expect(d).toMatchObject({ resultCode: '0', data: { updated: 1 } });
      const l = await callAs(messageCalls.msgList, 'user3', { page: 1 });
      expect(l.data!.list.some((x: { msgIdx: number }) => x.msgIdx === msgIdx)).toBe(false);
      expect((await callAs(messageCalls.msgRead, 'user3', { msgIdx })).resultCode).toBe('A001');
    });

    it('are all marked read with an empty body', async () => {
      expect((await callAs(messageCalls.msgList, 'user2', { page: 1 })).data!.newMsg).toBeGreaterThan(0);
      const r = await callAs(messageCalls.msgRead, 'user2', {});
      expect(r).toMatchObject({ resultCode: '0', data: { newMsg: 0 } });
      expect(r.data!.updated).toBeGreaterThan(0);
      expect(eventsFor('user2', 'MSG').at(-1)!.ev.data1).toBe(0);
      expect((await callAs(memberCalls.info, 'user2', {})).data!.msgInfo.newMsg).toBe(0);
    });

    it("to a partner's subtree reach exactly that subtree", async () => {
      const start = events.length;
      const r = await callAs(adminMessageCalls.send, 'admin', { target: 'subtree', memId: 'ptn6', msgTitle: 'Team note', msgDesc: 'for ptn6 and below' });
      expect(r.resultCode).toBe('0');
      const rows = await s.app.db
        .selectFrom('member_path as p')
        .innerJoin('member as m', 'm.id', 'p.descendant_id')
        .innerJoin('member as a', 'a.id', 'p.ancestor_id')
        .select('m.mem_id')
        .where('a.mem_id', '=', 'ptn6')
        .execute();
      const subtree = rows.map((x) => x.mem_id).sort();
      expect(subtree).toContain('user6');
      expect(subtree).not.toContain('user16');
      expect(r.data!.sent).toBe(subtree.length);
      const got = await s.app.db.selectFrom('message as g').innerJoin('member as m', 'm.id', 'g.receiver_id').select('m.mem_id').where('g.title', '=', 'Team note').execute();
      expect(got.map((x) => x.mem_id).sort()).toEqual(subtree);
      const pushedTo = events
        .slice(start)
        .filter((e) => e.ev.type === 'MSG')
        .map((e) => ('memId' in e.to ? e.to.memId : '*'));
      expect(pushedTo.sort()).toEqual(subtree);
      const l = await callAs(messageCalls.msgList, 'user6', { page: 1 });
      expect(l.data!.list[0]).toMatchObject({ msgTitle: 'Team note', noticeYn: 'Y' });
      expect((await callAs(adminMessageCalls.send, 'admin', { target: 'subtree', memId: 'ghost', msgTitle: 'x', msgDesc: 'y' })).resultCode).toBe('U001');
      expect((await callAs(adminMessageCalls.send, 'user1', { target: 'all', msgTitle: 'x', msgDesc: 'y' })).resultCode).toBe('A001');
    });

    it('to everyone reach every player and partner', async () => {
      const r = await callAs(adminMessageCalls.send, 'admin', { target: 'all', msgTitle: 'Everyone', msgDesc: 'hi all' });
      const n = await s.app.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', s.siteId)
        .where('login_type', 'in', ['NORMAL', 'PARTNER', 'P_NORMAL'])
        .executeTakeFirstOrThrow();
      expect(r.data!.sent).toBe(Number(n.n));
      expect(eventsFor('admin', 'MSG')).toHaveLength(0);
    });

    it("show in a partner's notes tab for its subtree only", async () => {
      const l = await callAs(messageCalls.msgLog, 'ptn6', { memId: 'user6', page: 1 });
      expect(l.resultCode).toBe('0');
      expect(l.data!.msgLog[0]).toMatchObject({ msgTitle: 'Everyone', msgStatus: 'UNREAD' });
      expect(l.data!.msgLog[0]).toHaveProperty('msgContents');
      expect(l.data!.pageInfo).toMatchObject({ page: 1, count_per_list: 10 });
      expect((await callAs(messageCalls.msgLog, 'ptn6', { memId: 'user1', page: 1 })).resultCode).toBe('0'); // via ptn7
      expect((await callAs(messageCalls.msgLog, 'ptn6', { memId: 'user16', page: 1 })).resultCode).toBe('A002'); // under ptn5b
      expect((await callAs(messageCalls.msgLog, 'ptn6', { memId: 'ghost', page: 1 })).resultCode).toBe('A002');
      expect((await callAs(messageCalls.msgLog, 'user6', { memId: 'user6', page: 1 })).resultCode).toBe('A001');
    });
  });

  describe('popups and banners', () => {
    it('show the active ones and take sanitised content from the operator', async () => {
      const banners = await s.call(siteCalls.banner, {});
      expect(banners.resultCode).toBe('0');
      expect(banners.data!.list.length).toBeGreaterThan(0);
      expect((await callAs(adminSiteCalls.bannerSave, 'admin', { kind: 'popup', title: 'p', linkUrl: 'javascript:alert(1)' })).resultCode).toBe('V001');
      const w = await callAs(adminSiteCalls.bannerSave, 'admin', { kind: 'popup', title: 'Promo', content: `<p>Hi</p>${XSS}`, imageUrl: 'https://img.example/x.png', ord: 0 });
      expect(w.resultCode).toBe('0');
      const pop = await s.call(siteCalls.mainPopupList, {});
      const mine = pop.data!.list.find((x: { bannerIdx: number }) => x.bannerIdx === w.data!.bannerIdx);
      expect(mine).toMatchObject({ title: 'Promo', imageUrl: 'https://img.example/x.png', useYn: 'Y' });
      expect(mine!.content).toMatch(/^<p>Hi<\/p>/);
      expect(mine!.content).not.toMatch(/script|onerror|javascript|onclick/i);
      await callAs(adminSiteCalls.bannerSave, 'admin', { bannerIdx: w.data!.bannerIdx, useYn: 'N' });
      expect((await s.call(siteCalls.popupList, {})).data!.list.some((x: { bannerIdx: number }) => x.bannerIdx === w.data!.bannerIdx)).toBe(false);
      expect((await callAs(adminSiteCalls.bannerSave, 'admin', { bannerIdx: w.data!.bannerIdx, delYn: 'Y' })).resultCode).toBe('0');
      const adminList = await callAs(adminSiteCalls.bannerList, 'admin', { page: 1 });
      expect(adminList.data!.list.some((x: { bannerIdx: number }) => x.bannerIdx === w.data!.bannerIdx)).toBe(false);
    });
  });

  describe('site operations', () => {
    const fmt = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

    it('a check window active now answers inCheck and pushes INSPECT Y to everyone', async () => {
      const now = Date.now();
      const r = await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: fmt(new Date(now - 60_000)), endDate: fmt(new Date(now + 3600_000)) });
      expect(r).toMatchObject({ resultCode: '0', data: { inCheck: true } });
      expect(broadcasts('INSPECT').at(-1)).toMatchObject({ to: { siteId: s.siteId, all: true }, ev: { data1: 'Y' } });
      const info = await s.call(commonCalls.siteCheckInfo, {});
      expect(info.data).toMatchObject({ inCheck: true, startDate: fmt(new Date(now - 60_000)) });
      const cleared = await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: '', endDate: '' });
      expect(cleared.data).toEqual({ startDate: null, endDate: null, inCheck: false });
      expect(broadcasts('INSPECT').at(-1)!.ev.data1).toBe('N');
      expect((await s.call(commonCalls.siteCheckInfo, {})).data!.inCheck).toBe(false);
    });

    it('a later window does not push now, and bad windows are refused', async () => {
      const n = broadcasts('INSPECT').length;
      const now = Date.now();
      const r = await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: fmt(new Date(now + 2 * 86400_000)), endDate: fmt(new Date(now + 3 * 86400_000)) });
      expect(r.data!.inCheck).toBe(false);
      expect(broadcasts('INSPECT')).toHaveLength(n);
      expect((await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: fmt(new Date(now)), endDate: '' })).resultCode).toBe('V001');
      expect((await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: fmt(new Date(now)), endDate: fmt(new Date(now - 1000)) })).resultCode).toBe('V001');
      expect((await callAs(adminSiteCalls.siteCheck, 'user1', {})).resultCode).toBe('A001');
      await callAs(adminSiteCalls.siteCheck, 'admin', {});
    });

    it('a window set to start shortly pushes INSPECT Y when it starts', async () => {
      const n = broadcasts('INSPECT').length;
      // fmt keeps whole seconds, so the window opens two to three seconds from now: room for a slow call
      const r = await callAs(adminSiteCalls.siteCheck, 'admin', { startDate: fmt(new Date(Date.now() + 3000)), endDate: fmt(new Date(Date.now() + 3600_000)) });
      try {
        expect(r.data!.inCheck).toBe(false);
        await vi.waitFor(
          () =>
            expect(
              broadcasts('INSPECT')
                .slice(n)
                .map((e) => e.ev.data1),
            ).toEqual(['Y']),
          { timeout: 10_000, interval: 100 },
        );
        expect((await s.call(commonCalls.siteCheckInfo, {})).data!.inCheck).toBe(true);
      } finally {
        await callAs(adminSiteCalls.siteCheck, 'admin', {});
      }
    });

    it('a bet lock pushes LOCK_BET_YN and shows in the site state', async () => {
      const r = await callAs(adminSiteCalls.lockBet, 'admin', { lockBetYn: 'Y' });
      expect(r).toMatchObject({ resultCode: '0', data: { lockBetYn: 'Y' } });
      expect(broadcasts('LOCK_BET_YN').at(-1)!.ev).toMatchObject({ data1: 'Y', data2: 'N' });
      expect((await callAs(adminSiteCalls.siteState, 'admin', {})).data).toMatchObject({ lockBetYn: 'Y', inCheck: false });
      await callAs(adminSiteCalls.lockBet, 'admin', { lockBetYn: 'N' });
      expect(broadcasts('LOCK_BET_YN').at(-1)!.ev).toMatchObject({ data1: 'N', data2: 'Y' });
    });

    it("a forced sign-out ends the member's session and pushes LOGOUT", async () => {
      const token = await s.login('user7');
      expect((await s.call(messageCalls.msgList, { page: 1 }, token)).resultCode).toBe('0');
      const r = await callAs(adminSiteCalls.forceLogout, 'admin', { memId: 'user7' });
      expect(r).toMatchObject({ resultCode: '0', data: { ended: 1 } });
      expect(eventsFor('user7', 'LOGOUT')).toHaveLength(1);
      expect(['TK001', 'TK999']).toContain((await s.call(messageCalls.msgList, { page: 1 }, token)).resultCode);
      expect((await callAs(adminSiteCalls.forceLogout, 'admin', { memId: 'ghost' })).resultCode).toBe('U001');
      expect((await callAs(adminSiteCalls.forceLogout, 'user1', { memId: 'user2' })).resultCode).toBe('A001');
    });
  });
});
