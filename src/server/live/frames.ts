/** STOMP 1.2 frame codec: https://stomp.github.io/stomp-specification-1.2.html */

export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export type Parsed = { kind: 'frame'; frame: Frame } | { kind: 'heartbeat' };

export const MAX_FRAME_BYTES = 64 * 1024;

export class FrameError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

// CONNECT and CONNECTED keep raw header values for STOMP 1.0 compatibility (spec: "Value Encoding").
const rawHeaders = (command: string) => command === 'CONNECT' || command === 'CONNECTED';

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'r') return '\r';
    if (c === 'n') return '\n';
    if (c === 'c') return ':';
    throw new FrameError(`undefined escape sequence \\${c}`);
  });
}

/** Encodes one frame, adding content-length when there is a body. */
export function encodeFrame(frame: Frame): string {
  const raw = rawHeaders(frame.command);
  const headers = { ...frame.headers };
  if (frame.body.length > 0) headers['content-length'] = String(Buffer.byteLength(frame.body));
  let out = frame.command + '\n';
  for (const [k, v] of Object.entries(headers)) {
    out += raw ? `${k}:${v}\n` : `${escapeHeader(k)}:${escapeHeader(v)}\n`;
  }
  return out + '\n' + frame.body + '\0';
}

/**
 * Incremental parser: feed it WebSocket messages as they come; a frame may span several messages
 * and one message may hold several frames. EOLs between frames are heart-beats.
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  push(chunk: Buffer | string): Parsed[] {
    return [...this.parse(chunk)];
  }

  /**
   * The frames of a chunk, one at a time: a reader that stops early (a socket closed by its frame)
   * leaves the rest unparsed, so a message of a thousand frames past a limit costs one frame's work.
   */
  *parse(chunk: Buffer | string): Generator<Parsed> {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    for (;;) {
      if (this.buf.length === 0) return;
      if (this.buf[0] === LF) {
        this.buf = this.buf.subarray(1);
        yield { kind: 'heartbeat' };
        continue;
      }
      if (this.buf[0] === CR) {
        if (this.buf.length < 2) return;
        if (this.buf[1] !== LF) throw new FrameError('stray carriage return');
        this.buf = this.buf.subarray(2);
        yield { kind: 'heartbeat' };
        continue;
      }
      const frame = this.takeFrame();
      if (!frame) return;
      yield { kind: 'frame', frame };
    }
  }

  /** Bytes buffered for an incomplete frame. */
  get pending(): number {
    return this.buf.length;
  }

  private takeFrame(): Frame | null {
    const buf = this.buf;
    const lines: string[] = [];
    let pos = 0;
    let headerEnd = -1;
    while (pos < buf.length) {
      const nl = buf.indexOf(LF, pos);
      if (nl < 0) break;
      const end = nl > pos && buf[nl - 1] === CR ? nl - 1 : nl;
      const line = buf.toString('utf8', pos, end);
      pos = nl + 1;
      if (line === '' && lines.length > 0) {
        headerEnd = pos;
        break;
      }
      lines.push(line);
    }
    const firstNul = buf.indexOf(NUL);
    if (firstNul >= 0 && (headerEnd < 0 || firstNul < headerEnd)) throw new FrameError('malformed frame');
    if (headerEnd < 0) return this.incomplete();

    const command = lines[0];
    const raw = rawHeaders(command);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('malformed header');
      const key = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      // spec: with repeated headers only the first is used
      if (!(key in headers)) headers[key] = value;
    }

    let bodyEnd: number;
    const lengthHeader = headers['content-length'];
    if (lengthHeader !== undefined) {
      if (!/^\d+$/.test(lengthHeader)) throw new FrameError('invalid content-length');
      const length = Number(lengthHeader);
      if (headerEnd + length + 1 > this.maxBytes) throw new FrameError('frame too large');
      if (buf.length < headerEnd + length + 1) return this.incomplete();
      bodyEnd = headerEnd + length;
      if (buf[bodyEnd] !== NUL) throw new FrameError('frame not terminated by NUL after content-length');
    } else {
      bodyEnd = buf.indexOf(NUL, headerEnd);
      if (bodyEnd < 0) return this.incomplete();
    }
    if (bodyEnd + 1 > this.maxBytes) throw new FrameError('frame too large');
    const body = buf.toString('utf8', headerEnd, bodyEnd);
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }

  private incomplete(): null {
    if (this.buf.length > this.maxBytes) throw new FrameError('frame too large');
    return null;
  }
}
