import { randomBytes } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import type { LiveEvent } from '../../contract/enums.js';
import { encodeFrame, FrameError, FrameParser, type Frame } from './frames.js';
import type { LiveConn, Registry } from './registry.js';
import type { SessionSlots } from './sessionSlots.js';

export const EVENTS_DESTINATION = '/user/queue/events';

export interface Identity {
  siteId: string;
  memId: string;
  sessionId: number;
  operator?: boolean;
}

/** Why a token was refused: a result code (TK001, TK002, TK999) and its message. */
export interface AuthFailure {
  code: string;
  message: string;
}

export interface BrokerOptions {
  registry: Registry;
  authenticate(token: string): Promise<Identity | AuthFailure>;
  /** Shortest heart-beat interval the server offers either way; clients choose longer ones. */
  minHeartbeatMs?: number;
  /** A socket that has not completed CONNECT by then is closed. */
  connectTimeoutMs?: number;
  /** Outgoing bytes buffered for a slow client before it is dropped. */
  maxBufferedBytes?: number;
  /** The session's socket slots (on this instance or across instances); a CONNECT without one gets an ERROR frame. */
  slots: SessionSlots;
  /** Subscriptions one socket may hold; the next SUBSCRIBE gets an ERROR frame and the socket closes. */
  maxSubscriptions?: number;
  /** Inbound frames (heart-beats and empty messages too) one socket may send per second on average, twice that in a burst; past it an ERROR frame (R429) and the socket closes. */
  maxFramesPerSecond?: number;
  /** Called once when the socket stops waiting for CONNECT (authenticated or closed). */
  onSettled?(): void;
  /** Called once per socket with the reason a protocol error closed it. */
  onProtocolError?(reason: string): void;
}

type State = 'new' | 'authenticating' | 'open' | 'closed';

const toBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));

function parseHeartbeat(value: string | undefined): [number, number] | null {
  if (value === undefined) return [0, 0];
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Runs the STOMP 1.2 session of one WebSocket: CONNECT, subscriptions, heart-beats, delivery. */
export class StompConnection implements LiveConn {
  siteId = '';
  memId = '';
  sessionId = 0;
  operator = false;
  private state: State = 'new';
  private readonly parser = new FrameParser();
  private readonly queued: Frame[] = [];
  private readonly subscriptions = new Map<string, string>();
  private readonly id = randomBytes(6).toString('hex');
  private seq = 0;
  private settled = false;
  private lastReceived = Date.now();
  // a token bucket: full at the start, refilled at the rate
  private frameTokens: number;
  private frameRefilledAt = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ws: WebSocket,
    private readonly opts: BrokerOptions,
  ) {
    this.frameTokens = this.frameRate * 2;
    ws.on('message', (data) => this.onData(toBuffer(data)));
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
    const t = setTimeout(() => {
      if (this.state === 'new' || this.state === 'authenticating') this.fail('CONNECT expected');
    }, opts.connectTimeoutMs ?? 10_000);
    this.timers.push(t);
  }

  /**
   * One MESSAGE per event whatever the subscriptions: every subscription names the one events
   * destination, so the oldest stands for all (a socket cannot multiply the server's writes).
   */
  deliver(event: LiveEvent): void {
    if (this.state !== 'open') return;
    const first = this.subscriptions.entries().next();
    if (first.done) return;
    const [subscription, destination] = first.value;
    this.send({
      command: 'MESSAGE',
      headers: { destination, 'message-id': `${this.id}-${++this.seq}`, subscription, 'content-type': 'application/json' },
      body: JSON.stringify({ type: event.type, data1: event.data1 ?? null, data2: event.data2 ?? null }),
    });
  }

  private get isClosed(): boolean {
    return this.state === 'closed';
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /** Ends the session with an ERROR frame the client reconnects from (a draining server: another instance takes it). */
  goAway(message: string): void {
    this.fail(message, undefined, { code: 'S503' });
  }

  close(reason: string): void {
    if (this.state === 'closed') return;
    this.teardown();
    this.ws.close(1000, reason);
  }

  private get frameRate() {
    return this.opts.maxFramesPerSecond ?? 20;
  }

  /** Takes one inbound unit from the bucket; false when the socket is past its rate. */
  private takeFrame(): boolean {
    const now = Date.now();
    this.frameTokens = Math.min(this.frameRate * 2, this.frameTokens + ((now - this.frameRefilledAt) * this.frameRate) / 1000);
    this.frameRefilledAt = now;
    if (this.frameTokens < 1) return false;
    this.frameTokens -= 1;
    return true;
  }

  private onData(data: Buffer) {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    const tooMany = () => this.fail(`More than ${this.frameRate} frames a second`, undefined, { code: 'R429' });
    let items = 0;
    try {
      for (const item of this.parser.parse(data)) {
        // every frame and heart-beat costs the server work: one socket may not send them without end
        if (!this.takeFrame()) return tooMany();
        items++;
        if (item.kind === 'frame') this.onFrame(item.frame);
        // a frame that closed the socket leaves the rest of the message unread
        if (this.isClosed) return;
      }
      if (!items && !this.takeFrame()) return tooMany();
    } catch (e) {
      if (e instanceof FrameError) return this.fail(e.message);
      throw e;
    }
  }

  private onFrame(frame: Frame) {
    if (this.state === 'closed') return;
    if (this.state === 'authenticating') {
      if (this.queued.length >= this.maxSubscriptions + 4) return this.fail('Too many frames before CONNECTED', frame, { code: 'R429' });
      this.queued.push(frame);
      return;
    }
    if (this.state === 'new') {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') return this.fail('CONNECT expected', frame);
      void this.connect(frame);
      return;
    }
    const h = frame.headers;
    switch (frame.command) {
      case 'SUBSCRIBE':
        if (!h.id) return this.fail('SUBSCRIBE needs an id header', frame);
        if (h.destination !== EVENTS_DESTINATION) return this.fail(`Unknown destination: only ${EVENTS_DESTINATION} may be subscribed`, frame);
        if (this.subscriptions.has(h.id)) return this.fail(`Subscription id ${h.id} already in use`, frame);
        if (this.subscriptions.size >= this.maxSubscriptions) return this.fail(`At most ${this.maxSubscriptions} subscriptions per connection`, frame, { code: 'R429' });
        this.subscriptions.set(h.id, h.destination);
        break;
      case 'UNSUBSCRIBE':
        if (!h.id) return this.fail('UNSUBSCRIBE needs an id header', frame);
        this.subscriptions.delete(h.id);
        break;
      case 'ACK':
      case 'NACK':
        // every subscription is ack:auto; acknowledgements have nothing to settle
        break;
      case 'DISCONNECT':
        this.receipt(frame);
        return this.close('disconnect');
      case 'SEND':
        return this.fail('SEND is not accepted: this channel only pushes events to clients', frame);
      case 'CONNECT':
      case 'STOMP':
        return this.fail('Already connected', frame);
      default:
        return this.fail(`Unsupported command ${frame.command}`, frame);
    }
    this.receipt(frame);
  }

  private async connect(frame: Frame) {
    const h = frame.headers;
    const versions = (h['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) return this.fail('Supported protocol version is 1.2', frame, { version: '1.2' });
    const hb = parseHeartbeat(h['heart-beat']);
    if (!hb) return this.fail('Malformed heart-beat header', frame);
    const token = h.token ?? h['X-Auth-Token'] ?? h['x-auth-token'];
    if (!token) return this.fail('Missing token', frame, { code: 'TK001' });

    this.state = 'authenticating';
    let who: Identity | AuthFailure;
    try {
      who = await this.opts.authenticate(token);
    } catch {
      return this.fail('Server error, please retry', frame);
    }
    if (this.state !== 'authenticating') return;
    if ('code' in who) return this.fail(who.message, frame, { code: who.code });
    let slot: boolean;
    try {
      slot = await this.opts.slots.take(who.sessionId, this.id);
    } catch {
      return this.fail('Server error, please retry', frame);
    }
    if (this.state !== 'authenticating') {
      if (slot) this.opts.slots.release(who.sessionId, this.id);
      return;
    }
    if (!slot) return this.fail(`At most ${this.opts.slots.cap} live connections per session`, frame, { code: 'R429' });
    // the member's events must reach this instance before CONNECTED tells the client it is listening
    await this.opts.registry.hold(who.siteId, who.memId);
    if (this.state !== 'authenticating') {
      this.opts.registry.release(who.siteId, who.memId);
      this.opts.slots.release(who.sessionId, this.id);
      return;
    }

    this.siteId = who.siteId;
    this.memId = who.memId;
    this.sessionId = who.sessionId;
    this.operator = who.operator === true;
    this.state = 'open';
    this.settle();
    this.opts.registry.add(this);
    const floor = this.opts.minHeartbeatMs ?? 1000;
    const [cx, cy] = hb;
    this.send({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${floor},${floor}`, server: 'pitboss', session: this.id },
      body: '',
    });
    this.receipt(frame);
    if (cy > 0) this.every(Math.max(floor, cy), () => this.write('\n'));
    if (cx > 0) {
      const expect = Math.max(floor, cx);
      this.every(expect / 2, () => {
        if (Date.now() - this.lastReceived > 2 * expect) {
          this.teardown();
          this.ws.terminate();
        }
      });
    }
    for (const queued of this.queued.splice(0)) this.onFrame(queued);
  }

  private get maxSubscriptions() {
    return this.opts.maxSubscriptions ?? 16;
  }

  private settle() {
    if (this.settled) return;
    this.settled = true;
    this.opts.onSettled?.();
  }

  private every(ms: number, fn: () => void) {
    this.timers.push(setInterval(fn, ms));
  }

  private receipt(frame: Frame) {
    const id = frame.headers.receipt;
    if (id !== undefined) this.send({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  }

  private send(frame: Frame) {
    this.write(encodeFrame(frame));
  }

  private write(data: string) {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > (this.opts.maxBufferedBytes ?? 1 << 20)) {
      this.teardown();
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  /** Sends ERROR (as the spec requires before closing on a protocol error) and closes. */
  private fail(message: string, frame?: Frame, extra: Record<string, string> = {}) {
    if (this.state === 'closed') return;
    this.opts.onProtocolError?.(extra.code ? `${extra.code} ${message}` : message);
    const headers: Record<string, string> = { message, ...extra, 'content-type': 'text/plain' };
    if (frame?.headers.receipt !== undefined) headers['receipt-id'] = frame.headers.receipt;
    this.send({ command: 'ERROR', headers, body: message });
    this.close('protocol error');
  }

  private teardown() {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    this.state = 'closed';
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    this.queued.length = 0;
    this.subscriptions.clear();
    this.settle();
    if (wasOpen) {
      this.opts.registry.remove(this);
      this.opts.registry.release(this.siteId, this.memId);
      this.opts.slots.release(this.sessionId, this.id);
    }
  }
}
