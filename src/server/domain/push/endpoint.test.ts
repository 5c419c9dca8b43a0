import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, pushDispatcher, pushEndpointAllowed } from './endpoint.js';

describe('push endpoints', () => {
  it('are browser push services over https only, or exactly the test origin', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    for (const bad of [
      'http://127.0.0.1:8080/x',
      'http://localhost:8080/x',
      'http://[::1]:8080/x',
      'http://0x7f000001/x',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'not a url',
    ])
      expect(pushEndpointAllowed(bad), bad).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9000/dev', 'http://127.0.0.1:9000')).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:9001/dev', 'http://127.0.0.1:9000')).toBe(false);
  });

  it('reach public addresses only', () => {
    for (const a of ['142.250.196.106', '2607:f8b0:4004:c1b::5f']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'junk',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('a push service name that resolves to a local address at send time (DNS rebinding)', () => {
  let listener: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((sock) => {
      connections++;
      sock.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => listener.close());

  const rebound = (address: string) => (_host: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
    cb(null, [{ address, family: address.includes(':') ? 6 : 4 }]);

  it('never connects: the address is checked as the socket is opened', async () => {
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1']) {
      const err = await fetch(`https://fcm.googleapis.com:${port}/fcm/send/x`, { method: 'POST', dispatcher: pushDispatcher(rebound(address)) }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String((err as Error & { cause?: Error }).cause)).toMatch(/non-public address/);
    }
    expect(connections).toBe(0);
  });

  it('(the same name through a plain connection pool does reach the local listener)', async () => {
    const plain = new Agent({ connect: { lookup: rebound('127.0.0.1') as never } });
    await fetch(`https://fcm.googleapis.com:${port}/fcm/send/x`, { method: 'POST', dispatcher: plain }).catch(() => {});
    expect(connections).toBe(1);
    await plain.close();
  });
});
