/** What the newer benches share: percentiles, and a client that posts calls as the app does. */
export const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : 0);

export const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

export interface Client {
  siteId: string;
  apiKey: string;
  /** POSTs a call with the site key, a session token and, with `from`, X-Forwarded-For (a server started with trustProxy reads it as the address). */
  post(path: string, body: object, o?: { token?: string; from?: string }): Promise<any>;
  /** A player-screen login (a partner's id there also needs `captcha`); the token, or throws with the result code. */
  login(memId: string, o?: { from?: string; memPass?: string; captcha?: boolean }): Promise<string>;
}

export async function client(url: string): Promise<Client> {
  const site = (await (await fetch(`${url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
  const post: Client['post'] = async (path, body, o = {}) => {
    const r = await fetch(url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: site.apiKey,
        ...(o.token ? { 'x-auth-token': o.token } : {}),
        ...(o.from ? { 'x-forwarded-for': o.from } : {}),
      },
      body: JSON.stringify({ siteId: site.siteId, ...body }),
    });
    return r.json();
  };
  return {
    siteId: site.siteId,
    apiKey: site.apiKey,
    post,
    async login(memId, o = {}) {
      const captcha = o.captcha ? { captchaId: (await post('/api/member/captcha', {}, { from: o.from })).data.captchaId, captcha: '1234' } : {};
      const r = await post('/api/member/login', { memId, memPass: o.memPass ?? 'demo1234!', ...captcha }, { from: o.from });
      if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode}`);
      return r.data.token as string;
    },
  };
}
