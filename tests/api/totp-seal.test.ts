import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedKeyId } from '../../src/server/domain/auth/seal.js';
import { configuredSecret } from '../../src/server/domain/auth/secrets.js';
import { openSecret, resealTotpSecrets } from '../../src/server/domain/auth/totpSecret.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { memberCalls } from '../../src/contract/member.js';
import { loginStepCalls, twoFactorCalls } from '../../src/contract/twoFactor.js';

const newKey = () => randomBytes(32).toString('base64url');
/** the seal's keys as a start reads them: PITBOSS_SECRET_TOTP_SEAL and PITBOSS_SECRET_TOTP_SEAL_OLD */
function configure(key: string | undefined, old: string[] = []) {
  if (key) process.env.PITBOSS_SECRET_TOTP_SEAL = key;
  else delete process.env.PITBOSS_SECRET_TOTP_SEAL;
  if (old.length) process.env.PITBOSS_SECRET_TOTP_SEAL_OLD = old.join(',');
  else delete process.env.PITBOSS_SECRET_TOTP_SEAL_OLD;
}
/** a secret in the form sealed before key ids: `iv.tag.body` under the SHA-256 of the seal's secret */
function olderForm(sealSecret: string, plain: string) {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', createHash('sha256').update(sealSecret).digest(), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

describe(`the two-factor seal's key rotates (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    configure(undefined);
    await s?.close();
  });

  const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
  const sealedOf = async (memberId: number) => (await s.app.db.selectFrom('member_totp').select('secret').where('member_id', '=', memberId).executeTakeFirstOrThrow()).secret!;
  const everySealed = async () =>
    [
      ...(await s.app.db.selectFrom('member_totp').select(['secret', 'pending_secret']).execute()).flatMap((r) => [r.secret, r.pending_secret]),
      ...(await s.app.db.selectFrom('platform_setup').select('pending_secret').execute()).map((r) => r.pending_secret),
    ]
      .filter((v): v is string => !!v)
      .sort();

  it('opens the older form, re-seals it and every row under a new key at start, and signs in after the old key is dropped', async () => {
    const token = await s.login('ptn3');
    const setup = await s.loose(token)(twoFactorCalls.setup, { memPass: 'demo1234!' });
    expect((await s.loose(token)(twoFactorCalls.enable, { otpCode: await codeFor(setup.data.secret) })).resultCode).toBe('0');
    const secret = setup.data.secret as string;
    const { id } = await s.app.db.selectFrom('member').select('id').where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn3').executeTakeFirstOrThrow();

    // a row sealed before key ids, under the start's key: opened as it is, re-sealed with a key id at start
    const startKey = configuredSecret('totp-seal')!;
    await s.app.db
      .updateTable('member_totp')
      .set({ secret: olderForm(startKey, secret) })
      .where('member_id', '=', id)
      .execute();
    expect(await openSecret(s.app.db, await sealedOf(id))).toBe(secret);
    expect(await resealTotpSecrets(s.app.db)).toBe(1);
    expect(await sealedOf(id)).toMatch(/^s1\./);

    // the new key, the old one listed: both open; the start re-seals every value under the new key
    const next = newKey();
    configure(next, [startKey]);
    expect(await openSecret(s.app.db, await sealedOf(id))).toBe(secret);
    const values = await everySealed();
    expect(await resealTotpSecrets(s.app.db)).toBe(values.length);
    expect(await resealTotpSecrets(s.app.db)).toBe(0);
    const ids = new Set((await everySealed()).map(sealedKeyId));
    expect([...ids]).toHaveLength(1);

    // the old key dropped: the member still signs in with a code
    configure(next);
    const captcha = await s.loose()(memberCalls.captcha, {});
    const first = await s.loose()(memberCalls.login, { memId: 'ptn3', memPass: 'demo1234!', captchaId: captcha.data.captchaId, captcha: '1234' });
    expect(first.resultCode).toBe('L006');
    expect((await s.loose()(loginStepCalls.otp, { ticket: (first.data as unknown as { ticket: string }).ticket, otpCode: await codeFor(secret, 1) })).resultCode).toBe('0');

    // a start without the key the values are under refuses, changing nothing
    const before = await everySealed();
    configure(newKey());
    await expect(resealTotpSecrets(s.app.db)).rejects.toThrow(/PITBOSS_SECRET_TOTP_SEAL_OLD/);
    configure(next);
    expect(await everySealed()).toEqual(before);
  });
});
