import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { adminMessageCalls } from '../../src/contract/message.js';
import { pushCalls } from '../../src/contract/push.js';

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

/** As `npm start` runs: no test push origin. A listener on loopback stands for the internal service. */
describe(`push endpoints on a start with no test settings (${testDb})`, () => {
  let s: TestServer;
  let inside: Server;
  let port: number;
  let reached = 0;

  beforeAll(async () => {
    inside = createServer((_req, res) => {
      reached++;
      res.writeHead(410).end();
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    port = (inside.address() as AddressInfo).port;
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  });
  afterAll(async () => {
    await s?.close();
    inside?.close();
  });

  const message = async (memId: string) => {
    const admin = await s.login('admin');
    expect((await s.call(adminMessageCalls.send, { target: 'member', memId, msgTitle: 'hi', msgDesc: 'hi' }, admin)).resultCode).toBe('0');
    await new Promise((r) => setTimeout(r, 500));
  };

  it('refuses internal addresses at subscribe, and no request reaches the local listener', async () => {
    const t = await s.login('user10');
    const endpoints = [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://[::1]:${port}/c`,
      `http://0x7f000001:${port}/d`,
      `https://127.0.0.1:${port}/e`,
      'http://169.254.169.254/latest/meta-data',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      `https://fcm.googleapis.com:${port}/fcm/send/x`,
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ];
    for (const endpoint of endpoints) {
      const r = await s.loose(t)(pushCalls.subscribe, { endpoint, keys: keys(), lang: 'ko' });
      expect(r.resultCode, endpoint).toBe('V001');
    }
    const member = await s.app.db.selectFrom('member').select('id').where('mem_id', '=', 'user10').executeTakeFirstOrThrow();
    expect(await s.app.db.selectFrom('push_subscription').select('endpoint').where('member_id', '=', member.id).execute()).toEqual([]);
    await message('user10');
    expect(reached).toBe(0);
  });

  it('checks again at send time: a row kept from before the rule reaches nothing', async () => {
    const t = await s.login('user11');
    const session = await s.app.db
      .selectFrom('session as x')
      .innerJoin('member as m', 'm.id', 'x.member_id')
      .select(['x.id', 'm.id as memberId'])
      .where('m.mem_id', '=', 'user11')
      .where('x.ended_at', 'is', null)
      .orderBy('x.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(t).toBeTruthy();
    await s.app.db
      .insertInto('push_subscription')
      .values({ endpoint: `http://127.0.0.1:${port}/old`, site_id: s.siteId, member_id: session.memberId, session_id: session.id, lang: 'ko', ...keys() })
      .execute();
    await message('user11');
    expect(reached).toBe(0);
    // and the row is not deleted by an answer of the target (no port probe)
    expect(await s.app.db.selectFrom('push_subscription').select('endpoint').where('endpoint', '=', `http://127.0.0.1:${port}/old`).execute()).toHaveLength(1);
  });
});
