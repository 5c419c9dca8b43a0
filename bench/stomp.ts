import { WebSocket } from 'ws';
import { FrameParser, type Frame } from '../src/server/live/frames.js';

export const subscribeFrame = (id: string | number) => `SUBSCRIBE\nid:${id}\ndestination:/user/queue/events\nreceipt:r${id}\n\n\0`;

/** A bare STOMP-over-WebSocket client: hand-written frames out, parsed frames in, each handed to the waiters. */
export class Stomp {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private readonly parser = new FrameParser(1 << 22);
  private waiters: ((f: Frame) => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      for (const p of this.parser.push(d as Buffer)) {
        if (p.kind !== 'frame') continue;
        this.frames.push(p.frame);
        for (const w of this.waiters) w(p.frame);
      }
    });
    ws.on('close', (code) => (this.closeCode = code));
    ws.on('error', () => {});
  }

  /** Opens the socket; `from` goes in X-Forwarded-For. */
  static async open(url: string, from?: string): Promise<Stomp> {
    const ws = new WebSocket(url, from ? { headers: { 'x-forwarded-for': from } } : {});
    const s = new Stomp(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return s;
  }

  /** The next frame with this command (from now on). */
  next(command: string, timeoutMs = 10_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => done(null), timeoutMs);
      const w = (f: Frame) => f.command === command && done(f);
      const done = (f: Frame | null) => {
        clearTimeout(t);
        this.waiters = this.waiters.filter((x) => x !== w);
        if (f) resolve(f);
        else reject(new Error(`no ${command} within ${timeoutMs} ms`));
      };
      this.waiters.push(w);
    });
  }

  count(command: string) {
    return this.frames.filter((f) => f.command === command).length;
  }

  /** CONNECT with a session token, then one subscription to the player's events. */
  async connect(token: string) {
    const connected = this.next('CONNECTED');
    this.ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n\n\0`);
    await connected;
    const receipt = this.next('RECEIPT');
    this.ws.send(subscribeFrame('events'));
    await receipt;
  }
}
