import { generateSync } from 'otplib';
import { expect } from 'vitest';
import type { Envelope } from '../../src/contract/define.js';
import { platformCalls } from '../../src/contract/platform.js';
import { platformSiteCalls, type OpenSiteForm } from '../../src/contract/platformSites.js';
import { solve, type LooseClient, type TestServer } from './harness.js';
import { commonCalls } from '../../src/contract/common.js';
import { memberCalls } from '../../src/contract/member.js';

/** The platform console's calls all sit in the folder of its sign-in (/api/platform/). */
const platformFolder = platformCalls.login.path.slice(0, platformCalls.login.path.lastIndexOf('/') + 1);
export const isPlatformPath = (path: string) => path.startsWith(platformFolder);

export const totp = (secret: string, at = Date.now()) => generateSync({ secret, epoch: Math.floor(at / 1000) });

/** A JSON POST with the headers a client would send. */
export async function postJson<T = any>(s: TestServer, path: string, body: unknown, h: { token?: string; siteKey?: string } = {}) {
  const r = await fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(h.token ? { 'x-auth-token': h.token } : {}), ...(h.siteKey ? { authorization: h.siteKey } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Envelope<T>;
}

/** The platform owner made through the start's setup link; answers a console session. */
export async function platformOwner(s: TestServer): Promise<string> {
  const token = s.setupToken!;
  const secret = (await postJson<{ secret: string }>(s, platformCalls.setupStart.path, { token })).data!.secret;
  const password = 'a long owner password';
  expect((await postJson(s, platformCalls.setup.path, { token, loginId: 'owner', password, passwordCheck: password, otpCode: totp(secret) })).resultCode).toBe('0');
  // the next time step: the enrolment's code is spent
  const login = await postJson<{ token: string }>(s, platformCalls.login.path, { loginId: 'owner', password, otpCode: totp(secret, Date.now() + 30_000) });
  expect(login.resultCode).toBe('0');
  return login.data!.token;
}

export const siteForm = (over: Partial<OpenSiteForm> = {}): OpenSiteForm => ({
  prefix: 'lucky',
  name: 'Lucky Casino',
  languages: ['ko', 'en'],
  defaultLanguage: 'ko',
  cashDecimal: 1,
  vendorMode: 'union',
  vendors: ['demo-live', 'demo-slot'],
  depositAccounts: [{ bank: 'KB', accountNo: '123-456-7890', holder: '럭키' }],
  depositMin: 10_000,
  depositMax: 5_000_000,
  withdrawMin: 20_000,
  quickAmounts: [10_000, 50_000, 100_000],
  sns: [{ name: 'Telegram', id: '@lucky', link: 'https://t.me/lucky' }],
  checkStart: null,
  checkEnd: null,
  ...over,
});

/** A site opened through the console, its invited operator signed up and signed in on the operator page. */
export async function openedSite(s: TestServer, owner: string, prefix: string, operator = { memId: `${prefix}op`, password: 'operator1!' }) {
  const opened = await postJson<{ siteId: string; invite: { token: string } }>(s, platformSiteCalls.openSite.path, siteForm({ prefix, name: `Site ${prefix}` }), { token: owner });
  expect(opened.resultCode).toBe('0');
  const { password } = operator;
  const accept = await postJson(s, platformSiteCalls.inviteAccept.path, { prefix, token: opened.data!.invite.token, memId: operator.memId, password, passwordCheck: password });
  expect(accept.resultCode).toBe('0');
  const site = (await postJson<{ siteId: string; apiKey: string }>(s, commonCalls.site.path, { prefix })).data!;
  const post = <T = any>(path: string, body: Record<string, unknown> = {}, token?: string) =>
    postJson<T>(s, path, { siteId: site.siteId, ...body }, { token, siteKey: site.apiKey });
  const captcha = await post<{ captchaId: string }>(memberCalls.captcha.path);
  const pow = await solve((await post(memberCalls.challenge.path)).data.challenge);
  const login = await post<{ token: string }>(memberCalls.login.path, {
    memId: operator.memId,
    memPass: password,
    loginPage: 'admin',
    captchaId: captcha.data!.captchaId,
    captcha: '1234',
    pow,
  });
  /** The opened site's client for one caller, as the harness's `loose`. */
  const loose =
    (token?: string | null): LooseClient =>
    (c, body = {}) =>
      post<any>(c.path, body, token ?? undefined);
  return { ...site, post, loose, loginCode: login.resultCode, login: login.data, operator };
}
