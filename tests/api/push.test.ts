import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { memberCalls } from '../../src/contract/member.js';
import { adminMessageCalls } from '../../src/contract/message.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { pushCalls, type PushLang } from '../../src/contract/push.js';
import { boardCalls } from '../../src/contract/board.js';
import { cashCalls } from '../../src/contract/cash.js';
import { adminCalls } from '../../src/contract/admin.js';

/** A device: its subscription keys (P-256 pair, auth secret) and the pushes it decrypted. */
function device(base: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const got: Record<string, unknown>[] = [];
  return {
    got,
    ecdh,
    auth,
    sub: (lang: PushLang = 'ko') => ({ endpoint: `${base}/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, lang }),
  };
}
type Device = ReturnType<typeof device>;
const PASS = 'demo1234!';

describe(`web push (${testDb})`, () => {
  let s: TestServer;
  let push: Server;
  let base: string;
  const devices = new Map<string, Device>();
  const headers: Record<string, string | string[] | undefined>[] = [];
  let gone = new Set<string>();
  const add = (name: string) => {
    const d = device(base, name);
    devices.set(name, d);
    return d;
  };
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 30));
    if (!ok()) throw new Error(`no ${what}`);
  };
  const settle = () => new Promise((r) => setTimeout(r, 300));

  beforeAll(async () => {
    // the push service: decrypts what it receives for each known device (RFC 8291, aes128gcm)
    push = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const name = req.url!.slice(1);
        const d = devices.get(name);
        if (!d || gone.has(name)) return void res.writeHead(410).end();
        headers.push(req.headers);
        d.got.push(JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString('utf8')));
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((r) => push.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(push.address() as AddressInfo).port}`;
    // the one local endpoint the server may reach: named by the test setting
    s = await startTestServer({ clockOffsetMs: bankSafeOffset(), testPushOrigin: base });
  });
  afterAll(async () => {
    await s?.close();
    push?.close();
  });

  it('answers the public key, the same on every call, to members only', async () => {
    const t = await s.login('user1');
    const a = await s.call(pushCalls.key, {}, t);
    expect(a.resultCode).toBe('0');
    expect(Buffer.from(a.data!.publicKey, 'base64url')).toHaveLength(65);
    expect((await s.call(pushCalls.key, {}, t)).data!.publicKey).toBe(a.data!.publicKey);
    expect((await s.call(pushCalls.key, {})).resultCode).toBe('TK001');
  });

  it('signs with the VAPID pair configured outside the database, never reading or writing the one there', async () => {
    const t = await s.login('user1');
    const pair = webpush.generateVAPIDKeys();
    const rows = async () => s.app.db.selectFrom('push_vapid').selectAll().execute();
    const before = await rows();
    process.env.PITBOSS_SECRET_VAPID_PUBLIC = pair.publicKey;
    process.env.PITBOSS_SECRET_VAPID_PRIVATE = pair.privateKey;
    try {
      expect((await s.call(pushCalls.key, {}, t)).data!.publicKey).toBe(pair.publicKey);
      expect(await rows()).toEqual(before);
      expect(JSON.stringify(await rows())).not.toContain(pair.privateKey);
    } finally {
      delete process.env.PITBOSS_SECRET_VAPID_PUBLIC;
      delete process.env.PITBOSS_SECRET_VAPID_PRIVATE;
    }
    expect((await s.call(pushCalls.key, {}, t)).data!.publicKey).not.toBe(pair.publicKey);
  });

  it('sends an answered inquiry to the subscribed device, in its language, signed with the key', async () => {
    const t = await s.login('user2');
    const admin = await s.login('admin');
    const d = add('user2-phone');
    expect((await s.call(pushCalls.subscribe, { ...d.sub('en'), curPass: PASS }, t)).resultCode).toBe('0');
    const q = await s.call(boardCalls.save.faq, { title: 'Where is my deposit?', content: 'Please check.' }, t);
    expect((await s.call(boardCalls.cmtSave, { boardIdx: q.data!.boardIdx, content: 'Done.' }, admin)).resultCode).toBe('0');
    await until(() => d.got.length > 0, 'answer push');
    expect(d.got[0]).toMatchObject({ title: 'Inquiry answered', body: 'Your inquiry has an answer.', tag: 'answer' });
    expect(d.got[0].url).toMatch(new RegExp(`^/[^/]+/qnaread/${q.data!.boardIdx}$`));
    // the site's own icon (the demo site is branded), as its installed app shows it
    const prefix = String(d.got[0].url).split('/')[1];
    expect(d.got[0].icon).toMatch(new RegExp(`^/${prefix}/icons/icon-192\\.[\\w-]+\\.png$`));
    const icon = await fetch(s.url + String(d.got[0].icon));
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    const key = (await s.call(pushCalls.key, {}, t)).data!.publicKey;
    expect(String(headers.at(-1)!.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${key}$`));
    expect(headers.at(-1)!['content-encoding']).toBe('aes128gcm');
  });

  it('sends an approved deposit (not the request itself), in Korean by default', async () => {
    const t = await s.login('user3');
    const admin = await s.login('admin');
    const d = add('user3-phone');
    expect((await s.call(pushCalls.subscribe, { ...d.sub(), curPass: PASS }, t)).resultCode).toBe('0');
    const dep = await s.call(cashCalls.deposit, { cashAmt: 50_000, requestId: randomUUID() }, t);
    expect(dep.resultCode).toBe('0');
    await settle();
    expect(d.got).toHaveLength(0);
    for (const cashStatus of [2, 1])
      expect((await s.call(adminCalls.cashProcess, { cashIdx: dep.data!.cashIdx, cashStatus, requestId: randomUUID() }, admin)).resultCode).toBe('0');
    await until(() => d.got.length > 0, 'deposit push');
    expect(d.got[0]).toMatchObject({ title: '충전 승인', body: '50,000원 충전이 승인되었습니다.', tag: 'depositOk' });
    expect(d.got[0].url).toMatch(/^\/[^/]+\/charge$/);
  });

  it('sends nothing to an unsubscribed or logged-out device, nor to another member', async () => {
    const admin = await s.login('admin');
    const t4 = await s.login('user4');
    const d4 = add('user4-phone');
    expect((await s.call(pushCalls.subscribe, { ...d4.sub(), curPass: PASS }, t4)).resultCode).toBe('0');
    // another member cannot remove it
    const t5 = await s.login('user5');
    expect((await s.call(pushCalls.unsubscribe, { endpoint: d4.sub().endpoint }, t5)).resultCode).toBe('0');
    const msg = () => s.call(adminMessageCalls.send, { target: 'member', memId: 'user4', msgTitle: 'hello', msgDesc: 'hello' }, admin);
    expect((await msg()).resultCode).toBe('0');
    await until(() => d4.got.length === 1, 'message push');
    expect(d4.got[0]).toMatchObject({ tag: 'message', title: '새 쪽지' });
    expect((await s.call(pushCalls.unsubscribe, { endpoint: d4.sub().endpoint }, t4)).resultCode).toBe('0');
    await msg();
    await settle();
    expect(d4.got).toHaveLength(1);

    // subscribed again, then logged out: nothing more
    expect((await s.call(pushCalls.subscribe, { ...d4.sub(), curPass: PASS }, t4)).resultCode).toBe('0');
    expect((await s.call(memberCalls.logout, {}, t4)).resultCode).toBe('0');
    await msg();
    await settle();
    expect(d4.got).toHaveLength(1);
  });

  it('keeps a subscription its member’s: another member who knows the endpoint can neither take it nor delete it', async () => {
    const admin = await s.login('admin');
    const t8 = await s.login('user8');
    const d8 = add('user8-phone');
    expect((await s.call(pushCalls.subscribe, { ...d8.sub(), curPass: PASS }, t8)).resultCode).toBe('0');
    const t9 = await s.login('user9');
    const own = device(base, 'user8-phone');
    // the endpoint with the thief's own keys: refused, the row unchanged
    const took = await s.call(pushCalls.subscribe, { ...own.sub('en'), curPass: PASS }, t9);
    expect(took.resultCode).toBe('V001');
    expect((await s.call(pushCalls.unsubscribe, { endpoint: d8.sub().endpoint }, t9)).resultCode).toBe('0');
    const row = await s.app.db
      .selectFrom('push_subscription as p')
      .innerJoin('member as m', 'm.id', 'p.member_id')
      .select(['m.mem_id', 'p.p256dh', 'p.lang'])
      .where('p.endpoint', '=', d8.sub().endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mem_id: 'user8', p256dh: d8.sub().keys.p256dh, lang: 'ko' });
    expect((await s.call(adminMessageCalls.send, { target: 'member', memId: 'user8', msgTitle: 'mine', msgDesc: 'mine' }, admin)).resultCode).toBe('0');
    await until(() => d8.got.length === 1, 'the owner’s push');
    // the same browser (its own keys) signed in as another member does move it
    expect((await s.call(pushCalls.subscribe, { ...d8.sub('en'), curPass: PASS }, t9)).resultCode).toBe('0');
  });

  it('forgets a subscription the push service answers 410 for', async () => {
    const admin = await s.login('admin');
    const t = await s.login('user5');
    const d = add('user5-phone');
    expect((await s.call(pushCalls.subscribe, { ...d.sub(), curPass: PASS }, t)).resultCode).toBe('0');
    gone = new Set(['user5-phone']);
    const n = headers.length;
    const msg = () => s.call(adminMessageCalls.send, { target: 'member', memId: 'user5', msgTitle: 'hi', msgDesc: 'hi' }, admin);
    await msg();
    await settle();
    gone = new Set();
    await msg();
    await settle();
    expect(d.got).toHaveLength(0);
    expect(headers.length).toBe(n);
  });

  it('sends a refused withdrawal to the member and a decided partner request to the partner who asked', async () => {
    const admin = await s.login('admin');
    const t = await s.login('user6');
    const d = add('user6-phone');
    expect((await s.call(pushCalls.subscribe, { ...d.sub('vn'), curPass: PASS }, t)).resultCode).toBe('0');
    const out = await s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234', requestId: randomUUID() }, t);
    expect(out.resultCode).toBe('0');
    for (const cashStatus of [2, -1])
      expect((await s.call(adminCalls.cashProcess, { cashIdx: out.data!.cashIdx, cashStatus, requestId: randomUUID() }, admin)).resultCode).toBe('0');
    await until(() => d.got.length > 0, 'withdrawal push');
    expect(d.got[0]).toMatchObject({ title: 'Rút tiền bị từ chối', body: 'Khoản rút 10,000 đã bị từ chối.', tag: 'withdrawNo' });
    expect(d.got[0].url).toMatch(/^\/[^/]+\/exchange$/);

    const waiting = (await s.call(partnerCalls.requestList, { status: 0 }, admin)).data!.list[0] as { reqIdx: number; memId: string; requestedBy: string };
    const p = add('partner-phone');
    expect((await s.call(pushCalls.subscribe, { ...p.sub('en'), curPass: PASS }, await s.login(waiting.requestedBy))).resultCode).toBe('0');
    expect((await s.call(partnerCalls.rejectRequest, { reqIdx: waiting.reqIdx, memo: 'no' }, admin)).resultCode).toBe('0');
    await until(() => p.got.length > 0, 'partner request push');
    expect(p.got[0]).toMatchObject({ title: 'Partner request refused', body: `The partner request for ${waiting.memId} was refused.`, tag: 'partnerNo' });
  });

  it('keeps at most 10 devices per member, dropping the oldest', async () => {
    const t = await s.login('user7');
    for (let i = 0; i < 12; i++) expect((await s.call(pushCalls.subscribe, { ...add(`user7-${i}`).sub(), curPass: PASS }, t)).resultCode).toBe('0');
    const rows = await s.app.db.selectFrom('push_subscription').select('endpoint').where('endpoint', 'like', `${base}/user7-%`).execute();
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${base}/user7-0`);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${base}/user7-1`);
  });

  it('a new device asks the password, a renewal does not; the member’s other devices hear of the new one and of a password change', async () => {
    const t = await s.login('user10');
    const phone = add('user10-phone');
    const tablet = add('user10-tablet');
    expect((await s.call(pushCalls.subscribe, phone.sub(), t)).resultCode).toBe('U121');
    expect((await s.call(pushCalls.subscribe, { ...phone.sub(), curPass: 'not-mine1' }, t)).resultCode).toBe('U121');
    expect((await s.call(pushCalls.subscribe, { ...phone.sub(), curPass: PASS }, t)).resultCode).toBe('0');
    // renewing its own device (a language change) asks nothing, and tells nobody
    expect((await s.call(pushCalls.subscribe, phone.sub('en'), t)).resultCode).toBe('0');
    // within the re-authentication the password opened, a second device is added without it
    expect((await s.call(pushCalls.subscribe, tablet.sub('en'), t)).resultCode).toBe('0');
    await until(() => phone.got.length === 1, 'the new-device notice');
    expect(phone.got[0]).toMatchObject({ tag: 'security', title: 'Security change', body: expect.stringContaining('Notifications were turned on for a new device.') });
    expect(tablet.got).toHaveLength(0);
    expect((await s.call(memberCalls.update, { memId: 'user10', memPass: 'changed1!', memPassCheck: 'changed1!', curPass: PASS }, t)).resultCode).toBe('0');
    await until(() => tablet.got.length === 1 && phone.got.length === 2, 'the password notice');
    expect(tablet.got[0]).toMatchObject({ tag: 'security', body: expect.stringContaining('Your login password was changed.') });
  });

  it('refuses a malformed subscription', async () => {
    const t = await s.login('user1');
    expect((await s.call(pushCalls.subscribe, { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' }, lang: 'ko' }, t)).resultCode).toBe('V001');
    // the bodies the schema's types refuse go raw
    expect((await s.loose(t)(pushCalls.subscribe, { ...add('x').sub(), lang: 'fr' })).resultCode).toBe('V001');
    const good = add('y').sub();
    expect((await s.loose(t)(pushCalls.subscribe, { ...good, keys: { ...good.keys, p256dh: 'AAAA' } })).resultCode).toBe('V001');
    expect((await s.loose(t)(pushCalls.subscribe, { ...good, keys: { ...good.keys, auth: 'AAAA' } })).resultCode).toBe('V001');
    expect((await s.call(pushCalls.subscribe, { ...good, curPass: PASS }, t)).resultCode).toBe('0');
  });
});
