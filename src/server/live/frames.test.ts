import { describe, expect, it } from 'vitest';
import { encodeFrame, escapeHeader, FrameError, FrameParser, unescapeHeader, type Parsed } from './frames.js';

const frames = (items: Parsed[]) => items.flatMap((p) => (p.kind === 'frame' ? [p.frame] : []));

describe('header escaping', () => {
  it('escapes backslash, CR, LF and colon and round-trips', () => {
    const v = 'a:b\\c\nd\re';
    expect(escapeHeader(v)).toBe('a\\cb\\\\c\\nd\\re');
    expect(unescapeHeader(escapeHeader(v))).toBe(v);
  });

  it('rejects undefined escape sequences', () => {
    expect(() => unescapeHeader('a\\tb')).toThrow(FrameError);
    expect(() => unescapeHeader('trailing\\')).toThrow(FrameError);
  });

  it('unescapes headers of ordinary frames but not of CONNECT', () => {
    const p = new FrameParser();
    const [send, connect] = frames(p.push('SEND\ndestination:/a\\cb\n\n\0CONNECT\npasscode:a\\cb:c\n\n\0'));
    expect(send.headers.destination).toBe('/a:b');
    expect(connect.headers.passcode).toBe('a\\cb:c');
  });

  it('encodes MESSAGE headers escaped and CONNECTED raw', () => {
    expect(encodeFrame({ command: 'MESSAGE', headers: { 'message-id': 'x:1' }, body: '' })).toBe('MESSAGE\nmessage-id:x\\c1\n\n\0');
    expect(encodeFrame({ command: 'CONNECTED', headers: { server: 'a:b' }, body: '' })).toBe('CONNECTED\nserver:a:b\n\n\0');
  });

  it('parses a message frame by frame, so a reader that stops leaves the rest unread', () => {
    const p = new FrameParser();
    const it = p.parse('SUBSCRIBE\nid:0\ndestination:/q\n\n\0SUBSCRIBE\ncontent-length:x\n\n\0');
    const first = it.next();
    expect(first.value).toMatchObject({ kind: 'frame', frame: { command: 'SUBSCRIBE', headers: { id: '0' } } });
    // the malformed second frame is only reached when read
    expect(() => it.next()).toThrow(FrameError);
  });

  it('keeps the first of repeated headers', () => {
    const [f] = frames(new FrameParser().push('SEND\nfoo:1\nfoo:2\n\n\0'));
    expect(f.headers.foo).toBe('1');
  });
});

describe('body and content-length', () => {
  it('adds a byte content-length on encode and parses it back', () => {
    const body = JSON.stringify({ type: 'MSG', data1: '한글' });
    const wire = encodeFrame({ command: 'MESSAGE', headers: { destination: '/user/queue/events' }, body });
    expect(wire).toContain(`content-length:${Buffer.byteLength(body)}\n`);
    const [f] = frames(new FrameParser().push(wire));
    expect(f.body).toBe(body);
  });

  it('honours content-length so a body may contain NUL', () => {
    const [f] = frames(new FrameParser().push('SEND\ncontent-length:3\n\na\0b\0'));
    expect(f.body).toBe('a\0b');
  });

  it('requires a NUL right after content-length bytes', () => {
    expect(() => new FrameParser().push('SEND\ncontent-length:1\n\nab\0')).toThrow(FrameError);
  });

  it('rejects a non-numeric content-length', () => {
    expect(() => new FrameParser().push('SEND\ncontent-length:x\n\n\0')).toThrow(FrameError);
  });

  it('accepts CRLF line endings', () => {
    const [f] = frames(new FrameParser().push('SUBSCRIBE\r\nid:0\r\ndestination:/q\r\n\r\n\0'));
    expect(f).toEqual({ command: 'SUBSCRIBE', headers: { id: '0', destination: '/q' }, body: '' });
  });
});

describe('heart-beats and chunking', () => {
  it('reports EOLs between frames as heart-beats', () => {
    const out = new FrameParser().push('\n\r\nSEND\n\n\0\n');
    expect(out.map((p) => p.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat']);
  });

  it('waits for a CR of a CRLF heart-beat split across chunks', () => {
    const p = new FrameParser();
    expect(p.push('\r')).toEqual([]);
    expect(p.push('\n')).toEqual([{ kind: 'heartbeat' }]);
  });

  it('assembles a frame split across chunks at every position', () => {
    const wire = encodeFrame({ command: 'SEND', headers: { destination: '/x', receipt: 'r:1' }, body: '{"a":"ü"}' });
    const bytes = Buffer.from(wire);
    for (let i = 1; i < bytes.length; i++) {
      const p = new FrameParser();
      const got = [...p.push(bytes.subarray(0, i)), ...p.push(bytes.subarray(i))];
      expect(frames(got)).toEqual([{ command: 'SEND', headers: { destination: '/x', receipt: 'r:1', 'content-length': '10' }, body: '{"a":"ü"}' }]);
      expect(p.pending).toBe(0);
    }
  });

  it('parses several frames from one chunk', () => {
    const out = frames(new FrameParser().push('SUBSCRIBE\nid:1\n\n\0UNSUBSCRIBE\nid:1\n\n\0DISCONNECT\nreceipt:9\n\n\0'));
    expect(out.map((f) => f.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE', 'DISCONNECT']);
  });
});

describe('limits and malformed input', () => {
  it('refuses a frame larger than the limit, announced or not', () => {
    expect(() => new FrameParser(1024).push(`SEND\ncontent-length:2000\n\n`)).toThrow(/too large/);
    const p = new FrameParser(1024);
    p.push('SEND\n\n');
    expect(() => p.push('x'.repeat(1100))).toThrow(/too large/);
    expect(() => new FrameParser(1024).push('SEND\nh:' + 'y'.repeat(2000))).toThrow(/too large/);
  });

  it('accepts a frame right at the limit', () => {
    const body = 'z'.repeat(64 * 1024 - 'SEND\n\n'.length - 1);
    expect(frames(new FrameParser().push(`SEND\n\n${body}\0`))[0].body.length).toBe(body.length);
    expect(() => new FrameParser().push(`SEND\n\n${body}z\0`)).toThrow(/too large/);
  });

  it('rejects a header line without a colon and NUL inside headers', () => {
    expect(() => new FrameParser().push('SEND\nnocolon\n\n\0')).toThrow(FrameError);
    expect(() => new FrameParser().push('SEND\0\n\n')).toThrow(FrameError);
  });
});
