import { describe, expect, it } from 'vitest';
import { productionSecrets, readConfig, refuseMissingSecrets, refuseTestSettings } from './config.js';
import { StartupError } from './ops/startup.js';

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
