import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectLive, type LiveOptions } from '../../src/app/lib/live/client.js';
import type { LiveEvent } from '../../src/contract/enums.js';
import { getSessionByToken } from '../../src/server/domain/auth/sessions.js';
import { FrameParser, type Frame } from '../../src/server/live/frames.js';
import { startTestServer, type TestServer } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 3000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A bare WebSocket speaking hand-written frames, for protocol edge cases. */
class RawStomp {
  readonly frames: Frame[] = [];
  heartbeats = 0;
  closed = false;
  private readonly parser = new FrameParser(1 << 20);
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      for (const p of this.parser.push(data as Buffer)) {
        if (p.kind === 'frame') this.frames.push(p.frame);
        else this.heartbeats++;
      }
    });
    ws.on('close', () => (this.closed = true));
  }

  static async open(url: string): Promise<RawStomp> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new RawStomp(ws);
  }

  send(wire: string) {
    this.ws.send(wire);
  }

  async next(command: string, ms = 3000): Promise<Frame> {
    await until(() => this.frames.some((f) => f.command === command), ms, command);
    return this.frames.splice(
      this.frames.findIndex((f) => f.command === command),
      1,
    )[0];
  }

  async connect(token: string, extra = '') {
    this.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n${extra}\n\0`);
    return this.next('CONNECTED');
  }
}

/** A stompjs client as apps use it, subscribed (confirmed by receipt) to its events. */
async function stompUser(url: string, token: string) {
  const events: LiveEvent[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: { token },
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.watchForReceipt('sub-1', () => resolve());
      client.subscribe('/user/queue/events', (m: IMessage) => events.push(JSON.parse(m.body)), { receipt: 'sub-1' });
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.onWebSocketError = () => reject(new Error('socket error'));
    client.activate();
  });
  return { client, events };
}

let s: TestServer;
let wsUrl: string;
const cleanup: Array<() => unknown> = [];

beforeAll(async () => {
  s = await startTestServer();
  wsUrl = s.url.replace(/^http/, 'ws') + '/ws';
});
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});
afterAll(async () => {
  await s?.close();
});

const rawConn = async () => {
  const raw = await RawStomp.open(wsUrl);
  cleanup.push(() => raw.ws.terminate());
  return raw;
};
const stompConn = async (token: string) => {
  const u = await stompUser(wsUrl, token);
  cleanup.push(() => u.client.deactivate({ force: true }));
  return u;
};

describe('CONNECT', () => {
  it('answers CONNECTED 1.2 with the server name and heart-beat', async () => {
    const raw = await rawConn();
    const connected = await raw.connect(await s.login('user1'), 'heart-beat:10000,10000\n');
    expect(connected.headers).toMatchObject({ version: '1.2', server: 'pitboss' });
    expect(connected.headers['heart-beat']).toMatch(/^\d+,\d+$/);
  });

  it('accepts the token in X-Auth-Token and the STOMP command', async () => {
    const raw = await rawConn();
    raw.send(`STOMP\naccept-version:1.1,1.2\nX-Auth-Token:${await s.login('user1')}\n\n\0`);
    expect((await raw.next('CONNECTED')).headers.version).toBe('1.2');
  });

  it('refuses a bad token with ERROR and closes', async () => {
    const raw = await rawConn();
    raw.send('CONNECT\naccept-version:1.2\ntoken:nope\n\n\0');
    const err = await raw.next('ERROR');
    expect(err.headers.code).toBe('TK001');
    expect(err.headers.message).toBeTruthy();
    await until(() => raw.closed, 3000, 'close');
  });

  it('refuses a superseded token with TK999', async () => {
    const old = await s.login('user3');
    await s.login('user3');
    const raw = await rawConn();
    raw.send(`CONNECT\naccept-version:1.2\ntoken:${old}\n\n\0`);
    expect((await raw.next('ERROR')).headers.code).toBe('TK999');
    await until(() => raw.closed, 3000, 'close');
  });

  it('refuses clients without STOMP 1.2', async () => {
    const raw = await rawConn();
    raw.send(`CONNECT\naccept-version:1.0,1.1\ntoken:${await s.login('user1')}\n\n\0`);
    expect((await raw.next('ERROR')).headers.message).toMatch(/1\.2/);
    await until(() => raw.closed, 3000, 'close');
  });

  it('refuses frames before CONNECT', async () => {
    const raw = await rawConn();
    raw.send('SUBSCRIBE\nid:0\ndestination:/user/queue/events\n\n\0');
    await raw.next('ERROR');
    await until(() => raw.closed, 3000, 'close');
  });
});

describe('frames after CONNECT', () => {
  it('refuses SUBSCRIBE to any other destination', async () => {
    const raw = await rawConn();
    await raw.connect(await s.login('user1'));
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/all\nreceipt:r1\n\n\0');
    const err = await raw.next('ERROR');
    expect(err.headers['receipt-id']).toBe('r1');
    expect(err.headers.message).toMatch(/destination/i);
    await until(() => raw.closed, 3000, 'close');
  });

  it('refuses SEND', async () => {
    const raw = await rawConn();
    await raw.connect(await s.login('user1'));
    raw.send('SEND\ndestination:/user/queue/events\n\n{}\0');
    expect((await raw.next('ERROR')).headers.message).toMatch(/SEND/);
    await until(() => raw.closed, 3000, 'close');
  });

  it('refuses a frame over 64 KB, in one message or spread over several', async () => {
    const one = await rawConn();
    await one.connect(await s.login('user1'));
    one.send(`SEND\n\n${'x'.repeat(64 * 1024 + 10)}\0`);
    expect((await one.next('ERROR')).headers.message).toMatch(/too large/);

    const spread = await rawConn();
    await spread.connect(await s.login('user1'));
    spread.send('UNSUBSCRIBE\nid:');
    for (let i = 0; i < 3; i++) spread.send('x'.repeat(30_000));
    expect((await spread.next('ERROR')).headers.message).toMatch(/too large/);
    await until(() => spread.closed, 3000, 'close');
  });

  it('answers receipts, UNSUBSCRIBE and DISCONNECT with RECEIPT then closes', async () => {
    const raw = await rawConn();
    await raw.connect(await s.login('user1'));
    raw.send('SUBSCRIBE\nid:a\ndestination:/user/queue/events\nreceipt:s\\c1\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('s:1');
    raw.send('UNSUBSCRIBE\nid:a\nreceipt:u1\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('u1');
    raw.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('bye');
    await until(() => raw.closed, 3000, 'close');
  });

  it('stops delivering after UNSUBSCRIBE', async () => {
    const raw = await rawConn();
    await raw.connect(await s.login('user4'));
    raw.send('SUBSCRIBE\nid:a\ndestination:/user/queue/events\n\n\0UNSUBSCRIBE\nid:a\nreceipt:u\n\n\0');
    await raw.next('RECEIPT');
    s.app.live.publish({ siteId: s.siteId, memId: 'user4' }, { type: 'MSG', data1: 1 });
    await sleep(200);
    expect(raw.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });
});

describe('heart-beats', () => {
  it('sends EOLs at the negotiated interval', async () => {
    const raw = await rawConn();
    const connected = await raw.connect(await s.login('user1'), 'heart-beat:0,1000\n');
    const serverMin = Number(connected.headers['heart-beat'].split(',')[0]);
    expect(serverMin).toBeLessThanOrEqual(1000);
    await sleep(2600);
    expect(raw.heartbeats).toBeGreaterThanOrEqual(2);
    expect(raw.closed).toBe(false);
  });

  it('keeps a client that beats and drops one that falls silent past twice its interval', async () => {
    const beating = await rawConn();
    await beating.connect(await s.login('user1'), 'heart-beat:1000,0\n');
    const timer = setInterval(() => beating.send('\n'), 800);
    cleanup.push(() => clearInterval(timer));
    const silent = await rawConn();
    await silent.connect(await s.login('user2'), 'heart-beat:1000,0\n');
    await until(() => silent.closed, 4500, 'silent client dropped');
    expect(beating.closed).toBe(false);
    expect(beating.heartbeats).toBe(0);
  });
});

describe('delivery', () => {
  it('delivers a member event only to that member, as a JSON MESSAGE', async () => {
    const u1 = await stompConn(await s.login('user1'));
    const u2 = await stompConn(await s.login('user2'));
    s.app.live.publish({ siteId: s.siteId, memId: 'user1' }, { type: 'CASH', data1: 123_000, data2: 20_000 });
    await until(() => u1.events.length === 1, 3000, 'user1 event');
    expect(u1.events[0]).toEqual({ type: 'CASH', data1: 123_000, data2: 20_000 });
    await sleep(200);
    expect(u2.events).toEqual([]);
  });

  it('sends MESSAGE frames with destination, message-id, subscription and content-type', async () => {
    const raw = await rawConn();
    await raw.connect(await s.login('user5'));
    raw.send('SUBSCRIBE\nid:sub-7\ndestination:/user/queue/events\nreceipt:r\n\n\0');
    await raw.next('RECEIPT');
    s.app.live.publish({ siteId: s.siteId, memId: 'user5' }, { type: 'MSG', data1: 3 });
    const m = await raw.next('MESSAGE');
    expect(m.headers).toMatchObject({ destination: '/user/queue/events', subscription: 'sub-7', 'content-type': 'application/json' });
    expect(m.headers['message-id']).toBeTruthy();
    expect(JSON.parse(m.body)).toEqual({ type: 'MSG', data1: 3, data2: null });
  });

  it('delivers a site-wide event to everyone on the site and nothing for another site', async () => {
    const u1 = await stompConn(await s.login('user1'));
    const u2 = await stompConn(await s.login('user2'));
    s.app.live.publish({ siteId: 'other-site', all: true }, { type: 'INSPECT', data1: 'Y' });
    s.app.live.publish({ siteId: s.siteId, all: true }, { type: 'LOCK_BET_YN', data1: 'Y', data2: 'N' });
    await until(() => u1.events.length === 1 && u2.events.length === 1, 3000, 'both');
    expect(u2.events[0]).toEqual({ type: 'LOCK_BET_YN', data1: 'Y', data2: 'N' });
    await sleep(150);
    expect(u1.events).toHaveLength(1);
  });

  it('delivers LOGOUT for a session only to that session and closes its socket', async () => {
    const oldToken = await s.login('user1');
    const oldSession = (await getSessionByToken(s.app.db, oldToken, new Date())).sessionId;
    const old = await rawConn();
    await old.connect(oldToken);
    old.send('SUBSCRIBE\nid:0\ndestination:/user/queue/events\nreceipt:r\n\n\0');
    await old.next('RECEIPT');
    const other = await stompConn(await s.login('user2'));

    s.app.live.publish({ siteId: s.siteId, memId: 'user1', sessionId: oldSession + 10_000 }, { type: 'LOGOUT' });
    await sleep(150);
    expect(old.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);

    s.app.live.publish({ siteId: s.siteId, memId: 'user1', sessionId: oldSession }, { type: 'LOGOUT' });
    expect(JSON.parse((await old.next('MESSAGE')).body).type).toBe('LOGOUT');
    await until(() => old.closed, 3000, 'logged-out socket closed');
    expect(other.events).toEqual([]);
    expect(other.client.connected).toBe(true);
  });

  it('a newer login leaves the newer session connected when the old one is logged out', async () => {
    const oldToken = await s.login('user6');
    const oldSession = (await getSessionByToken(s.app.db, oldToken, new Date())).sessionId;
    const old = await rawConn();
    await old.connect(oldToken);
    old.send('SUBSCRIBE\nid:0\ndestination:/user/queue/events\nreceipt:r\n\n\0');
    await old.next('RECEIPT');
    const fresh = await stompConn(await s.login('user6'));
    // the login may already have pushed it; pushing again must not reach the new session either
    s.app.live.publish({ siteId: s.siteId, memId: 'user6', sessionId: oldSession }, { type: 'LOGOUT' });
    await until(() => old.closed, 3000, 'old socket closed');
    await sleep(100);
    expect(fresh.events.filter((e) => e.type === 'LOGOUT')).toEqual([]);
    expect(fresh.client.connected).toBe(true);
  });
});

describe('connectLive (the app client)', () => {
  const g = globalThis as { WebSocket?: unknown };
  const saved = g.WebSocket;
  beforeAll(() => {
    g.WebSocket = WebSocket;
  });
  afterAll(() => {
    g.WebSocket = saved;
  });

  function live(token: string) {
    const events: LiveEvent[] = [];
    const statuses: string[] = [];
    const opts: LiveOptions = { url: wsUrl, token, onEvent: (e) => events.push(e), onStatus: (st) => statuses.push(st) };
    const conn = connectLive(opts);
    cleanup.push(() => conn.close());
    return { conn, events, statuses };
  }

  /** The subscription is sent right after CONNECTED; a round trip settles it before publishing. */
  const settle = () => sleep(150);

  it('connects, receives its events and reports status', async () => {
    const c = live(await s.login('user7'));
    await until(() => c.statuses.at(-1) === 'open', 3000, 'open');
    await settle();
    s.app.live.publish({ siteId: s.siteId, memId: 'user7' }, { type: 'ANSWER_CMT', data1: 2 });
    await until(() => c.events.length === 1, 3000, 'event');
    expect(c.events[0]).toEqual({ type: 'ANSWER_CMT', data1: 2, data2: null });
    expect(c.statuses).toEqual(['connecting', 'open']);
    c.conn.close();
    expect(c.statuses.at(-1)).toBe('closed');
  });

  it('reconnects after the socket drops', async () => {
    // the connection's own TCP socket, cut as a lost network cuts it
    const sockets: { destroy(): void }[] = [];
    const keep = (_req: unknown, socket: { destroy(): void }) => sockets.push(socket);
    s.http.server.on('upgrade', keep);
    const c = live(await s.login('user8'));
    await until(() => c.statuses.at(-1) === 'open', 3000, 'open');
    s.http.server.off('upgrade', keep);
    for (const socket of sockets) socket.destroy();
    await until(() => c.statuses.at(-1) === 'closed', 3000, 'closed');
    await until(() => c.statuses.filter((x) => x === 'open').length === 2, 4000, 'reopened');
    await settle();
    s.app.live.publish({ siteId: s.siteId, memId: 'user8' }, { type: 'MSG', data1: 5 });
    await until(() => c.events.length === 1, 3000, 'event after reconnect');
  });

  it('stops for good after LOGOUT', async () => {
    const c = live(await s.login('user9'));
    await until(() => c.statuses.at(-1) === 'open', 3000, 'open');
    await settle();
    s.app.live.publish({ siteId: s.siteId, memId: 'user9' }, { type: 'LOGOUT' });
    await until(() => c.statuses.at(-1) === 'closed', 3000, 'closed');
    expect(c.events).toEqual([{ type: 'LOGOUT', data1: null, data2: null }]);
    await sleep(1500);
    expect(c.statuses).toEqual(['connecting', 'open', 'closed']);
  });

  it('stops for good when the token is refused', async () => {
    const c = live('expired-or-unknown');
    await until(() => c.statuses.at(-1) === 'closed', 3000, 'closed');
    await sleep(1500);
    expect(c.statuses).toEqual(['connecting', 'closed']);
  });
});
