import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/contract/enums.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { memberId } from './moneyKit.js';
import { messageCalls } from '../../src/contract/message.js';
import { memberCalls } from '../../src/contract/member.js';

/** The inbox keeps 30 days and at most 100 messages: the list, the counts and the updates agree. */
describe(`message retention (${testDb})`, () => {
  let s: TestServer;
  let token: string;
  const DAY = 86_400_000;

  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login('user12');
  });
  afterAll(() => s?.close());

  it('states its values: 30 days, 100 messages', () => {
    expect(limits).toMatchObject({ messageKeepDays: 30, messageKeepCount: 100 });
  });

  it('lists and counts only the newest 100 of the last 30 days; older ones cannot be read or deleted', async () => {
    const id = await memberId(s.app.db, s.siteId, 'user12');
    await s.app.db.deleteFrom('message').where('receiver_id', '=', id).execute();
    const now = Date.now();
    const row = (i: number, at: number, msgStatus: 'N' | 'Y') => ({
      site_id: s.siteId,
      receiver_id: id,
      title: `keep ${i}`,
      description: 'x',
      msg_status: msgStatus,
      send_date: new Date(at),
    });
    // 104 recent messages (the 4 oldest of them read), plus 3 unread ones older than 30 days
    const recent = Array.from({ length: 104 }, (_, i) => row(i, now - (i + 1) * 60_000, i >= 100 ? 'Y' : 'N'));
    const old = [31, 40, 90].map((d, i) => row(200 + i, now - d * DAY, 'N'));
    await s.app.db
      .insertInto('message')
      .values([...recent, ...old])
      .execute();
    const ids = await s.app.db.selectFrom('message').select(['id', 'title']).where('receiver_id', '=', id).execute();
    const idOf = (title: string) => ids.find((r) => r.title === title)!.id;

    const list = await s.call(messageCalls.msgList, { page: 1 }, token);
    expect(list.data!.pageInfo.tatal_list_count).toBe(100);
    expect(list.data!.list[0].msgTitle).toBe('keep 0');
    expect(list.data!.newMsg).toBe(100);
    const last = await s.call(messageCalls.msgList, { page: 10 }, token);
    expect(last.data!.list.at(-1)!.msgTitle).toBe('keep 99');
    expect((await s.call(memberCalls.info, {}, token)).data!.msgInfo.newMsg).toBe(100);

    // beyond the count or the period: gone for every update too
    expect((await s.call(messageCalls.msgRead, { msgIdx: idOf('keep 101') }, token)).resultCode).toBe('A001');
    expect((await s.call(messageCalls.msgRead, { msgIdx: idOf('keep 200') }, token)).resultCode).toBe('A001');
    expect((await s.call(messageCalls.msgUpdate, { msgIdx: idOf('keep 102'), status: 'N' }, token)).resultCode).toBe('A001');

    // mark-all-read touches the kept ones only
    const all = await s.call(messageCalls.msgRead, {}, token);
    expect(all.data).toMatchObject({ updated: 100, newMsg: 0 });
    const stillUnread = await s.app.db.selectFrom('message').select('title').where('receiver_id', '=', id).where('msg_status', '=', 'N').execute();
    expect(stillUnread.map((r) => r.title).sort()).toEqual(['keep 200', 'keep 201', 'keep 202']);

    // deleting kept ones lets the next-newest back into the 100
    const first = list.data!.list.slice(0, 2).map((m: { msgIdx: number }) => m.msgIdx);
    expect((await s.call(messageCalls.msgUpdate, { msgIdxList: first, status: 'N' }, token)).resultCode).toBe('0');
    const after = await s.call(messageCalls.msgList, { page: 10 }, token);
    expect(after.data!.pageInfo.tatal_list_count).toBe(100);
    expect(after.data!.list.at(-1)!.msgTitle).toBe('keep 101');
  });
});
