/**
 * A small typed Pitboss client, checked against types generated from the served document:
 *
 *   npx openapi-typescript http://localhost:8080/api/openapi.json -o pitboss-api.ts
 *   npx tsx client.ts http://localhost:8080 demo user1 'demo1234!'
 *
 * Every call is a POST of JSON answering {resultCode, resultMessage, data}; '0' is success and
 * any other code a refusal (docs/result-codes.md), with data null or what the refusal carries.
 */
import { createHmac } from 'node:crypto';
import type { paths } from './pitboss-api.js';

type Call = keyof paths;
type Body<P extends Call> = paths[P]['post']['requestBody']['content']['application/json'];
type Answer<P extends Call> = paths[P]['post']['responses'][200]['content']['application/json'];
/** The success branch of a call's answer. */
type Success<P extends Call> = Extract<Answer<P>, { resultCode: '0' }>;

export class Refused extends Error {
  constructor(
    readonly resultCode: string,
    message: string,
    readonly data: unknown,
  ) {
    super(`${resultCode}: ${message}`);
  }
}

export class PitbossClient {
  token: string | null = null;

  constructor(
    readonly base: string,
    readonly siteId: string,
    readonly apiKey: string,
  ) {}

  /** A call with the site key and, once logged in, the session; the data of a success or a Refused. */
  async call<P extends Call>(path: P, body: Omit<Body<P>, 'siteId'>): Promise<Success<P>['data']> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.apiKey, ...(this.token ? { 'x-auth-token': this.token } : {}) },
      body: JSON.stringify({ siteId: this.siteId, ...body }),
    });
    const answer = (await res.json()) as Answer<P>;
    if (answer.resultCode !== '0') throw new Refused(answer.resultCode, answer.resultMessage, answer.data);
    return (answer as Success<P>).data;
  }
}

/** The site of an address (/demo → prefix "demo"): its id and the key its calls send. */
export async function openSite(base: string, prefix: string): Promise<PitbossClient> {
  const res = await fetch(`${base}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix }) });
  const answer = (await res.json()) as Answer<'/api/common/site'>;
  if (answer.resultCode !== '0') throw new Refused(answer.resultCode, answer.resultMessage, answer.data);
  const site = (answer as Success<'/api/common/site'>).data;
  return new PitbossClient(base, site.siteId, site.apiKey);
}

/** A vendor's wallet callback: the raw body signed with the vendor's secret (docs/integrators.md). */
export async function walletBalance(base: string, vendorCode: string, secret: string, body: Body<'/api/vendor/{vendorCode}/balance'>) {
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}/api/vendor/${encodeURIComponent(vendorCode)}/balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw).digest('hex') },
    body: raw,
  });
  return (await res.json()) as Answer<'/api/vendor/{vendorCode}/balance'>;
}

async function main(base: string, prefix: string, memId: string, password: string) {
  const client = await openSite(base, prefix);
  const login = await client.call('/api/member/login', { memId, memPass: password });
  client.token = login.token;
  const info = await client.call('/api/member/info', {});
  console.log(`${info.member.memNick}: cash ${info.member.cashAmt}, points ${info.member.pointAmt}`);
}

if (process.argv.length >= 6) {
  main(process.argv[2], process.argv[3], process.argv[4], process.argv[5]).catch((e: unknown) => {
    console.error(e instanceof Refused ? `refused ${e.message}` : e);
    process.exit(1);
  });
}
