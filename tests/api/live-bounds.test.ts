import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { FrameParser, type Frame } from '../../src/server/live/frames.js';
import { bankSafeOffset, startTestServer, type TestServer } from './harness.js';
import { cashCalls } from '../../src/contract/cash.js';
import { memberCalls } from '../../src/contract/member.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A bare socket that speaks hand-written frames and records what the server sends back. */
class Raw {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private readonly parser = new FrameParser(1 << 22);
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      for (const p of this.parser.push(d as Buffer)) if (p.kind === 'frame') this.frames.push(p.frame);
    });
    ws.on('close', (code) => (this.closeCode = code));
    ws.on('error', () => {});
  }
  static async open(url: string, localAddress?: string) {
    const ws = new WebSocket(url, localAddress ? { localAddress } : {});
    const raw = new Raw(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return raw;
  }
  get closed() {
    return this.closeCode !== null;
  }
  count(command: string) {
    return this.frames.filter((f) => f.command === command).length;
  }
  async next(command: string): Promise<Frame> {
    await until(() => this.frames.some((f) => f.command === command), 5000, command);
    return this.frames.find((f) => f.command === command)!;
  }
  async connect(token: string) {
    this.ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n\n\0`);
    return this.next('CONNECTED');
  }
}

const subscribe = (id: string | number, receipt = true) => `SUBSCRIBE\nid:${id}\ndestination:/user/queue/events\n${receipt ? `receipt:r${id}\n` : ''}\n\0`;

let s: TestServer;
let wsUrl: string;
const opened: Raw[] = [];
const open = async (localAddress?: string) => {
  const r = await Raw.open(wsUrl, localAddress);
  opened.push(r);
  return r;
};

beforeAll(async () => {
  s = await startTestServer({ clockOffsetMs: bankSafeOffset(), pendingSocketsPerIp: 3, connectTimeoutMs: 3000 });
  wsUrl = s.url.replace(/^http/, 'ws') + '/ws';
});
afterEach(() => {
  for (const r of opened.splice(0)) r.ws.terminate();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await s?.close();
});

describe('subscriptions per socket', () => {
  it('a flood of SUBSCRIBE frames ends that socket with ERROR after the cap while other calls answer', async () => {
    const flooder = await open();
    await flooder.connect(await s.login('user1'));
    const [info, withdrawal] = [s.login('user2'), s.login('user3')];
    // 300,000 frames, each asking for a receipt, in messages just under the WebSocket message cap
    const total = 300_000;
    const perMessage = 1000;
    const sending = (async () => {
      for (let i = 0; i < total && flooder.ws.readyState === WebSocket.OPEN; i += perMessage) {
        let chunk = '';
        for (let j = i; j < i + perMessage; j++) chunk += subscribe(j);
        flooder.ws.send(chunk);
        if (i % 20_000 === 0) await sleep(0);
      }
    })();
    const [infoAnswer, outAnswer] = await Promise.all([
      s.call(memberCalls.info, {}, await info),
      s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234', requestId: `flood-${Date.now()}` }, await withdrawal),
    ]);
    await sending;
    const error = await flooder.next('ERROR');
    expect(error.headers.code).toBe('R429');
    expect(error.headers.message).toMatch(/16 subscriptions/);
    await until(() => flooder.closed, 5000, 'flooding socket closed');
    expect(flooder.count('RECEIPT')).toBe(16);
    expect(infoAnswer.resultCode).toBe('0');
    expect(outAnswer.resultCode).toBe('0');
    expect((await s.call(memberCalls.info, {}, await info)).resultCode).toBe('0');
  });

  it('writes one MESSAGE per event to a socket however many subscriptions it holds', async () => {
    const raw = await open();
    await raw.connect(await s.login('user4'));
    raw.ws.send(subscribe('a') + subscribe('b') + subscribe('c'));
    await until(() => raw.count('RECEIPT') === 3, 5000, 'three receipts');
    s.app.live.publish({ siteId: s.siteId, memId: 'user4' }, { type: 'MSG', data1: 1 });
    s.app.live.publish({ siteId: s.siteId, memId: 'user4' }, { type: 'MSG', data1: 2 });
    // frames on one socket arrive in order: once the second event is in, every copy of the first is too
    await until(() => raw.frames.some((f) => f.command === 'MESSAGE' && JSON.parse(f.body).data1 === 2), 5000, 'second event');
    const messages = raw.frames.filter((f) => f.command === 'MESSAGE').map((f) => [f.headers.subscription, JSON.parse(f.body).data1]);
    expect(messages).toEqual([
      ['a', 1],
      ['a', 2],
    ]);
  });

  it('refuses frames piled up behind a CONNECT still being checked', async () => {
    const raw = await open();
    let flood = `CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${await s.login('user5')}\n\n\0`;
    for (let i = 0; i < 500; i++) flood += subscribe(i, false);
    raw.ws.send(flood);
    expect((await raw.next('ERROR')).headers.code).toBe('R429');
    await until(() => raw.closed, 5000, 'closed');
  });
});

describe('inbound frame rate per socket', () => {
  it('closes a socket past its frame rate with an ERROR (R429), and leaves a calm socket open', async () => {
    const calm = await open();
    await calm.connect(await s.login('user4'));
    const flooder = await open();
    await flooder.connect(await s.login('user5'));
    // heart-beats one message each, then frames packed into one message: both count
    for (let i = 0; i < 30 && flooder.ws.readyState === WebSocket.OPEN; i++) flooder.ws.send('\n');
    for (let i = 0; i < 3 && flooder.ws.readyState === WebSocket.OPEN; i++) flooder.ws.send('\n'.repeat(50));
    const error = await flooder.next('ERROR');
    expect(error.headers.code).toBe('R429');
    expect(error.headers.message).toMatch(/frames a second/);
    await until(() => flooder.closed, 5000, 'flooding socket closed');
    for (let i = 0; i < 3; i++) {
      calm.ws.send('\n');
      await sleep(100);
    }
    expect(calm.closed).toBe(false);
    expect(calm.count('ERROR')).toBe(0);
  });
});

describe('sockets waiting for CONNECT', () => {
  it('caps them per address, frees a place on CONNECT, and leaves other addresses alone', async () => {
    const [t6, t7, t8] = [await s.login('user6'), await s.login('user7'), await s.login('user8')];
    const waiting = [await open(), await open(), await open()];
    const fourth = await open();
    await until(() => fourth.closed, 5000, 'fourth socket refused');
    expect(fourth.closeCode).toBe(1013);
    expect(waiting.some((w) => w.closed)).toBe(false);

    const elsewhere = await open('127.0.0.2');
    await elsewhere.connect(t6);

    await waiting[0]!.connect(t7);
    const next = await open();
    await next.connect(t8);
  });

  it('closes a socket that never sends CONNECT after the CONNECT timeout, with an ERROR', async () => {
    const idle = await open('127.0.0.3');
    await until(() => idle.count('ERROR') === 1, 8000, 'ERROR after the timeout');
    expect((await idle.next('ERROR')).headers.message).toMatch(/CONNECT expected/);
    await until(() => idle.closed, 5000, 'idle socket closed');
  });
});

describe('errors on a socket', () => {
  it('logs one line without a stack for an oversized message and for a bad frame', async () => {
    const warn = vi.spyOn(s.http.log, 'warn');
    const error = vi.spyOn(s.http.log, 'error');
    const big = await open('127.0.0.4');
    await big.connect(await s.login('user9'));
    big.ws.send('x'.repeat(200 * 1024));
    big.ws.send('x'.repeat(200 * 1024));
    await until(() => big.closed, 5000, 'oversized socket closed');
    expect(big.closeCode).toBe(1009);

    const bad = await open('127.0.0.4');
    bad.ws.send('CONNECT\n\0\n\n');
    bad.ws.send('NONSENSE\n\n\0');
    await until(() => bad.closed, 5000, 'bad socket closed');

    const lines = warn.mock.calls.filter((c) => (c[1] as string) === 'live socket closed');
    expect(lines).toHaveLength(2);
    for (const [obj] of lines) {
      expect(obj).toMatchObject({ ip: '127.0.0.4' });
      expect(JSON.stringify(obj)).not.toMatch(/\n\s+at /);
      expect(obj).not.toHaveProperty('err');
    }
    expect(error).not.toHaveBeenCalled();
  });
});
