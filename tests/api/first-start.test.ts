import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { generateSync } from 'otplib';
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { productionSecrets } from '../../src/server/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/define.js';
import { platformCalls } from '../../src/contract/platform.js';
import { hashToken } from '../../src/server/domain/auth/tokens.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { entryArgs, spawnServer } from '../../scripts/serverProcess.js';
import { roomyLimits, runsDatabaseFree, testDb } from './harness.js';
import { freshPostgres } from './dbTemplate.js';
import type { Config } from '../../src/server/config.js';

const post = async <T = unknown>(base: string, path: string, body: unknown, token?: string) => {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, body: JSON.stringify(body) });
  return (await r.json()) as Envelope<T>;
};
const linkToken = (out: string) => /\/platform\/setup#([A-Za-z0-9_-]{20,})/.exec(out)?.[1];
const code = (secret: string, at = Date.now()) => generateSync({ secret, epoch: Math.floor(at / 1000) });

/** The secrets a production start needs outside the database, as a deployment sets them. */
const vapid = webpush.generateVAPIDKeys();
const secretsEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(productionSecrets.map((s) => [`PITBOSS_SECRET_${s.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`, randomBytes(32).toString('base64url')])),
  PITBOSS_SECRET_VAPID_PUBLIC: vapid.publicKey,
  PITBOSS_SECRET_VAPID_PRIVATE: vapid.privateKey,
};

/** A production start as a deployment runs it: its own process, no test setting in its environment. */
const productionEnv = (data: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_') && k !== 'DATABASE_URL' && k !== 'VITEST'));
  return { ...env, NODE_ENV: 'production', PITBOSS_DATA: data, PITBOSS_STATIC: '/nonexistent', LOG_LEVEL: 'info', ...secretsEnv, ...extra };
};

describe.runIf(runsDatabaseFree)('a production first start (its own process, empty PGlite)', () => {
  const data = `tmp/first-start-${process.pid}`;
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('refuses any PITBOSS_TEST_* setting, naming it, exit 1', async () => {
    for (const [name, value] of [
      ['PITBOSS_TEST_CAPTCHA', '1234'],
      ['PITBOSS_TEST_CHECK_ANSWERS', '1'],
      ['PITBOSS_TEST_PUSH_ORIGIN', 'http://127.0.0.1:9'],
      ['PITBOSS_TEST_CLOCK_OFFSET_MS', '60000'],
    ]) {
      const p = spawn(process.execPath, entryArgs(), {
        env: { ...productionEnv(`${data}-refused`), PORT: '0', [name]: value },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      p.stderr!.on('data', (d) => (err += d));
      const exitCode = await new Promise((r) => p.once('exit', r));
      expect(exitCode, name).toBe(1);
      expect(err.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Pitboss did not start: ${name} is a test setting: a production start`))]);
    }
  });

  it('refuses to start without its secrets outside the database, naming each missing one, exit 1', async () => {
    const p = spawn(process.execPath, entryArgs(), {
      env: { ...productionEnv(`${data}-nosecrets`), PORT: '0', PITBOSS_SECRET_TOTP_SEAL: '', PITBOSS_SECRET_VAPID_PRIVATE: '', PITBOSS_PIN_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    p.stderr!.on('data', (d) => (err += d));
    expect(await new Promise((r) => p.once('exit', r))).toBe(1);
    const lines = err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Pitboss did not start: a production start \(NODE_ENV=production\) needs its secrets outside the database; missing: PITBOSS_SECRET_TOTP_SEAL, PITBOSS_SECRET_VAPID_PRIVATE \(/,
    );
  });

  it('seeds no demo, prints a setup link and no password; a restart’s fresh link works and the old one does not', async () => {
    const first = await spawnServer(productionEnv(data));
    const out1 = first.output();
    const token1 = linkToken(out1)!;
    expect(token1).toBeTruthy();
    expect(out1).not.toMatch(/demo1234|Demo logins|password/i);
    // no site: the site lookup says "not set up yet", and the demo's logins reach nothing
    expect((await post(first.url, '/api/common/site', { prefix: 'demo' })).resultCode).toBe('PF001');
    expect((await post(first.url, '/api/member/login', { siteId: 'demo', memId: 'user1', memPass: 'demo1234!' })).resultCode).toBe('S404');
    expect((await post(first.url, platformCalls.setupStart.path, { token: token1 })).resultCode).toBe('0');
    first.proc.kill('SIGTERM');
    await first.exited;

    const second = await spawnServer(productionEnv(data));
    const token2 = linkToken(second.output())!;
    expect(token2).toBeTruthy();
    expect(token2).not.toBe(token1);
    expect((await post(second.url, platformCalls.setupStart.path, { token: token1 })).resultCode).toBe('PF002');
    const enrol = await post<{ secret: string }>(second.url, platformCalls.setupStart.path, { token: token2 });
    expect(enrol.resultCode).toBe('0');
    const form = { token: token2, loginId: 'owner', password: 'a long owner pass', passwordCheck: 'a long owner pass' };
    expect((await post(second.url, platformCalls.setup.path, { ...form, otpCode: code(enrol.data!.secret) })).resultCode).toBe('0');
    // single use
    expect((await post(second.url, platformCalls.setup.path, { ...form, loginId: 'owner2', otpCode: code(enrol.data!.secret) })).resultCode).toBe('PF002');
    second.proc.kill('SIGTERM');
    await second.exited;

    // an owner exists: the next start prints no link
    const third = await spawnServer(productionEnv(data));
    expect(third.output()).not.toMatch(/platform\/setup/);
    third.proc.kill('SIGTERM');
    await third.exited;
    // three production starts of their own process, one after another
  }, 180_000);
});

/** An in-process start with no demo on an empty database of the run's kind. */
async function emptyStart(overrides: Partial<Config> = {}): Promise<RunningServer & { dropDb(): Promise<void> }> {
  const db = testDb === 'postgres' ? await freshPostgres() : null;
  const s = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: db?.url,
    dataDir: 'memory://',
    staticDir: '/nonexistent',
    demo: false,
    limits: roomyLimits(),
    checkAnswers: true,
    ...overrides,
  });
  return Object.assign(s, { dropDb: async () => void (await db?.drop()) });
}

describe(`the platform owner (${testDb}, no demo)`, () => {
  let s: Awaited<ReturnType<typeof emptyStart>>;
  let token: string;

  beforeAll(async () => {
    s = await emptyStart();
    token = s.setupToken!;
  });
  afterAll(async () => {
    await s?.close();
    await s?.dropDb();
  });

  it('keeps the setup link only as its hash', async () => {
    const rows = await s.app.db.selectFrom('platform_setup').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers "not set up yet" at any site address while no site exists', async () => {
    for (const prefix of ['demo', 'anything', 'x']) expect((await post(s.url, '/api/common/site', { prefix })).resultCode).toBe('PF001');
  });

  it('refuses a site taking the console’s prefix', async () => {
    await expect(s.app.db.insertInto('site').values({ id: 'p', prefix: 'platform', name: 'p', api_key: 'k-platform' }).execute()).rejects.toThrow(/site_prefix_reserved/);
  });

  it('makes the owner only with a valid code, and every bad field changes nothing', async () => {
    const enrol = await post<{ secret: string; otpauthUrl: string; qrDataUrl: string }>(s.url, platformCalls.setupStart.path, { token });
    expect(enrol.resultCode).toBe('0');
    expect(enrol.data!.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const secret = enrol.data!.secret;
    const form = { token, loginId: 'owner', password: 'correct horse battery', passwordCheck: 'correct horse battery', otpCode: code(secret) };
    expect((await post(s.url, platformCalls.setup.path, { ...form, otpCode: '000000' === form.otpCode ? '111111' : '000000' })).resultCode).toBe('L007');
    expect((await post(s.url, platformCalls.setup.path, { ...form, otpCode: code(secret, Date.now() - 10 * 60_000) })).resultCode).toBe('L007');
    expect((await post(s.url, platformCalls.setup.path, { ...form, loginId: 'Ow' })).resultCode).toBe('PF003');
    expect((await post(s.url, platformCalls.setup.path, { ...form, password: 'short', passwordCheck: 'short' })).resultCode).toBe('PF004');
    expect((await post(s.url, platformCalls.setup.path, { ...form, passwordCheck: 'something else!' })).resultCode).toBe('U113');
    expect((await post(s.url, platformCalls.setup.path, { ...form, token: 'x'.repeat(43) })).resultCode).toBe('PF002');
    expect(await s.app.db.selectFrom('platform_account').select('id').execute()).toEqual([]);
    const made = await post<{ recoveryCodes: string[] }>(s.url, platformCalls.setup.path, form);
    expect(made.resultCode).toBe('0');
    expect(made.data!.recoveryCodes).toHaveLength(10);
    expect(await s.app.db.selectFrom('platform_account').select(['login_id', 'role']).execute()).toEqual([{ login_id: 'owner', role: 'owner' }]);
    // used once
    expect((await post(s.url, platformCalls.setupStart.path, { token })).resultCode).toBe('PF002');

    // signs in with password and a fresh code (the setup's code is used), not with either alone
    expect((await post(s.url, platformCalls.login.path, { loginId: 'owner', password: 'wrong password!', otpCode: code(secret) })).resultCode).toBe('L001');
    expect((await post(s.url, platformCalls.login.path, { loginId: 'owner', password: form.password, otpCode: form.otpCode })).resultCode).toBe('L007');
    const login = await post<{ token: string; role: string }>(s.url, platformCalls.login.path, {
      loginId: 'owner',
      password: form.password,
      otpCode: code(secret, Date.now() + 30_000),
    });
    expect(login.resultCode).toBe('0');
    expect(login.data!.role).toBe('owner');
    // the console's home: no site yet, and a site's session is no platform session
    expect(await post(s.url, platformCalls.sites.path, {}, login.data!.token)).toMatchObject({ resultCode: '0', data: { list: [] } });
    expect((await post(s.url, platformCalls.sites.path, {})).resultCode).toBe('TK001');
    expect((await post(s.url, platformCalls.sites.path, {}, 'x'.repeat(43))).resultCode).toBe('TK002');
    // a recovery code signs in once
    const rc = made.data!.recoveryCodes[0];
    expect((await post(s.url, platformCalls.login.path, { loginId: 'owner', password: form.password, otpCode: rc })).resultCode).toBe('0');
    expect((await post(s.url, platformCalls.login.path, { loginId: 'owner', password: form.password, otpCode: rc })).resultCode).toBe('L007');
    expect((await post(s.url, platformCalls.logout.path, {}, login.data!.token)).resultCode).toBe('0');
    expect((await post(s.url, platformCalls.sites.path, {}, login.data!.token)).resultCode).toBe('TK002');
  });

  it('locks the owner after 8 wrong tries: an unproved try then needs a challenge, a right password included', async () => {
    for (let i = 0; i < 9; i++) await post(s.url, platformCalls.login.path, { loginId: 'owner', password: `wrong password ${i}`, otpCode: '123456' });
    expect((await post(s.url, platformCalls.login.path, { loginId: 'owner', password: 'correct horse battery', otpCode: '123456' })).resultCode).toBe('L005');
  });
});

describe(`an expired setup link (${testDb}, no demo)`, () => {
  it('stops working after one hour', async () => {
    const s = await emptyStart();
    try {
      expect((await post(s.url, platformCalls.setupStart.path, { token: s.setupToken })).resultCode).toBe('0');
      (s.app.clock as unknown as { offsetMs: number }).offsetMs = 61 * 60_000;
      expect((await post(s.url, platformCalls.setupStart.path, { token: s.setupToken })).resultCode).toBe('PF002');
    } finally {
      await s.close();
      await s.dropDb();
    }
  });
});
