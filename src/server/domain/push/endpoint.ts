import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows. */
const pushHosts = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^web\.push\.apple\.com$/, /\.push\.apple\.com$/, /\.notify\.windows\.com$/];

/** https on the default port, no credentials, the host one of the browsers' push services. */
export function isPushService(endpoint: string): boolean {
  const u = URL.parse(endpoint);
  return !!u && u.protocol === 'https:' && !u.port && !u.username && !u.password && pushHosts.some((h) => h.test(u.hostname));
}

/**
 * An endpoint the server may post to: a browser push service, or exactly the origin of the local
 * push service tests name with PITBOSS_TEST_PUSH_ORIGIN (which a production start refuses).
 */
export function pushEndpointAllowed(endpoint: string, testOrigin?: string): boolean {
  return isPushService(endpoint) || (!!testOrigin && URL.parse(endpoint)?.origin === testOrigin);
}

/**
 * A public address only: ipaddr.js names every special range (loopback, private, link-local,
 * unique-local, unspecified, carrier NAT, multicast, reserved, ...); an IPv4 address mapped into
 * IPv6 is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * The socket's own name lookup, refusing when any address the name resolves to is not public: the
 * address checked is the one connected to, so a name that answers a public address to one check
 * and a loopback one at connect time (DNS rebinding) still fails.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad || !addresses.length) {
        const e: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address${bad ? ` (${bad.address})` : ''}`);
        e.code = 'EPUSHADDRESS';
        return callback(e, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Connect and answer timeouts of a push request: a push service answers at once or not at all. */
export const PUSH_TIMEOUT_MS = 5_000;

/** The connections push requests go through: public addresses only, short timeouts. */
export function pushDispatcher(resolve?: Resolve): Agent {
  return new Agent({
    connect: { lookup: publicOnlyLookup(resolve), timeout: PUSH_TIMEOUT_MS },
    headersTimeout: PUSH_TIMEOUT_MS,
    bodyTimeout: PUSH_TIMEOUT_MS,
  });
}
