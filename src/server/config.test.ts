import { describe, expect, it } from 'vitest';
import { createECDH, randomBytes } from 'node:crypto';
import { keyBytes, productionSecrets, readConfig, refuseMissingSecrets, refuseTestSettings, refuseWeakSecrets, vapidPairValid } from './config.js';
import { StartupError } from './startupError.js';

const production = { NODE_ENV: 'production' };

describe('test settings', () => {
  it('work when set outside production, and nothing weakens without them', () => {
    const c = readConfig({
      PITBOSS_TEST_CAPTCHA: '1234',
      PITBOSS_TEST_CLOCK_OFFSET_MS: '60000',
      PITBOSS_TEST_CHECK_ANSWERS: '1',
      PITBOSS_TEST_PUSH_ORIGIN: 'http://127.0.0.1:9999/x',
    });
    expect(c).toMatchObject({ testCaptcha: '1234', clockOffsetMs: 60_000, checkAnswers: true, testPushOrigin: 'http://127.0.0.1:9999', demo: true });
    expect(() => refuseTestSettings(c, {})).not.toThrow();
    // `npm start` sets no NODE_ENV: the same rules as production
    expect(readConfig({})).toMatchObject({ testCaptcha: undefined, clockOffsetMs: 0, checkAnswers: false, testPushOrigin: undefined });
  });

  it('refuse a production start, naming the setting', () => {
    for (const name of ['PITBOSS_TEST_CAPTCHA', 'PITBOSS_TEST_CLOCK_OFFSET_MS', 'PITBOSS_TEST_CHECK_ANSWERS', 'PITBOSS_TEST_PUSH_ORIGIN', 'PITBOSS_TEST_ANYTHING']) {
      const env = { ...production, [name]: name === 'PITBOSS_TEST_PUSH_ORIGIN' ? 'http://127.0.0.1:1' : '1' };
      expect(() => refuseTestSettings(readConfig(env), env)).toThrow(StartupError);
      expect(() => refuseTestSettings(readConfig(env), env)).toThrow(new RegExp(`^${name} is a test setting`));
    }
    // set in code (an embedding start) rather than in the environment
    expect(() => refuseTestSettings({ ...readConfig(production), testCaptcha: '1234' }, production)).toThrow(/PITBOSS_TEST_CAPTCHA/);
    expect(() => refuseTestSettings(readConfig(production), production)).not.toThrow();
  });

  it('the demo site: seeded unless production or PITBOSS_DEMO=0', () => {
    expect(readConfig({}).demo).toBe(true);
    expect(readConfig({ PITBOSS_DEMO: '0' }).demo).toBe(false);
    expect(readConfig({ ...production, PITBOSS_DEMO: '1' }).demo).toBe(false);
  });
});

describe('production secrets', () => {
  const all = (name: string) => `value-of-${name}`;
  it('a production start refuses while any is only in the database, naming each; npm start makes them there', () => {
    const prod = readConfig(production);
    expect(() => refuseMissingSecrets(prod, all, {})).not.toThrow();
    const missing = new Set(['totp-seal', 'vapid-private', 'pin-key']);
    const some = (name: string) => (missing.has(name) ? undefined : all(name));
    expect(() => refuseMissingSecrets(prod, some, {})).toThrow(StartupError);
    expect(() => refuseMissingSecrets(prod, some, {})).toThrow(/missing: PITBOSS_SECRET_TOTP_SEAL, PITBOSS_SECRET_VAPID_PRIVATE, PITBOSS_SECRET_PIN_KEY \(/);
    // PITBOSS_PIN_KEY stands in for the pin-key secret
    expect(() => refuseMissingSecrets(prod, some, { PITBOSS_PIN_KEY: 'k' })).toThrow(/missing: PITBOSS_SECRET_TOTP_SEAL, PITBOSS_SECRET_VAPID_PRIVATE \(/);
    expect(() => refuseMissingSecrets(readConfig({}), () => undefined, {})).not.toThrow();
    expect(productionSecrets.map((s) => s.name)).toEqual(expect.arrayContaining(['device-cookie', 'pow-key', 'vapid-private', 'audit-chain']));
  });
});

describe('weak keys', () => {
  const pair = () => {
    const e = createECDH('prime256v1');
    e.generateKeys();
    return {
      pub: e.getPublicKey().toString('base64url'),
      priv: Buffer.concat([Buffer.alloc(32), e.getPrivateKey()])
        .subarray(-32)
        .toString('base64url'),
    };
  };
  const vapid = pair();
  const strong: Record<string, string> = {
    ...Object.fromEntries(productionSecrets.map((s) => [s.name, randomBytes(32).toString('base64url')])),
    'vapid-public': vapid.pub,
    'vapid-private': vapid.priv,
  };
  const keys =
    (over: Record<string, string> = {}) =>
    (name: string) =>
      ({ ...strong, ...over })[name];

  it('a key counts its bytes as written: hex, base64 or base64url, else its text', () => {
    expect(keyBytes('ab'.repeat(32))).toHaveLength(32);
    expect(keyBytes(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(keyBytes(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(keyBytes('x'.repeat(32))).toHaveLength(24);
    expect(keyBytes('correct horse battery staple, ok')).toHaveLength(32);
  });

  it('every start refuses each key under 32 bytes, naming it with the rule; 32 random bytes in any spelling pass', () => {
    expect(() => refuseWeakSecrets(keys(), {})).not.toThrow();
    expect(() => refuseWeakSecrets(keys({ 'device-cookie': 'cd'.repeat(32), 'pow-key': randomBytes(32).toString('base64') }), {})).not.toThrow();
    const weak = keys({ 'device-cookie': 'secret', 'totp-seal': randomBytes(31).toString('base64url'), 'audit-chain': 'ab'.repeat(31) });
    expect(() => refuseWeakSecrets(weak, {})).toThrow(StartupError);
    expect(() => refuseWeakSecrets(weak, {})).toThrow(
      /^weak keys refused; too short to be secret: PITBOSS_SECRET_DEVICE_COOKIE, PITBOSS_SECRET_TOTP_SEAL, PITBOSS_SECRET_AUDIT_CHAIN \(each key needs at least 32 random bytes/,
    );
    // a stand-in variable is named as itself
    expect(() => refuseWeakSecrets(keys(), { PITBOSS_PIN_KEY: '1234' })).toThrow(/too short to be secret: PITBOSS_PIN_KEY \(/);
  });

  it('every start refuses a VAPID pair that is not one P-256 pair', () => {
    const other = pair();
    expect(vapidPairValid(vapid.pub, vapid.priv)).toBe(true);
    expect(vapidPairValid(other.pub, vapid.priv)).toBe(false);
    expect(vapidPairValid(vapid.pub, 'short')).toBe(false);
    expect(vapidPairValid('not-a-point', vapid.priv)).toBe(false);
    // the scalar 0 is no key
    expect(vapidPairValid(vapid.pub, Buffer.alloc(32).toString('base64url'))).toBe(false);
    expect(() => refuseWeakSecrets(keys({ 'vapid-public': other.pub }), {})).toThrow(/PITBOSS_SECRET_VAPID_PUBLIC and PITBOSS_SECRET_VAPID_PRIVATE are not one P-256 key pair/);
  });
});
