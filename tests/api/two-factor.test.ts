import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/contract/enums.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { adminTwoFactorCalls, loginStepCalls, twoFactorCalls } from '../../src/contract/twoFactor.js';
import { memberCalls } from '../../src/contract/member.js';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { adminSiteCalls } from '../../src/contract/site.js';
import type { Envelope } from '../../src/contract/define.js';

describe(`two-factor sign-in (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 600_000);
  afterAll(() => s?.close());

  /** A code for the real clock (codes never follow the server's moved one), `stepsAhead` 30-second steps later (the server takes one step either side). */
  const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
  /** The password step; an L006/L008 answer carries a ticket the contract's success shape does not name. */
  const passwordStep = async (memId: string, memPass = 'demo1234!'): Promise<Envelope<any>> => {
    const captcha = await s.call(memberCalls.captcha, {});
    return s.call(memberCalls.login, { memId, memPass, captchaId: captcha.data!.captchaId, captcha: '1234', ...(memId === 'admin' ? { loginPage: 'admin' } : {}) });
  };
  const ticketOf = async (memId: string) => {
    const r = await passwordStep(memId);
    expect(r.resultCode).toBe('L006');
    return r.data!.ticket as string;
  };
  const member = (memId: string) =>
    s.app.db.selectFrom('member').select(['id', 'failed_logins', 'locked_until']).where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
  /** Enrols a partner from its account screen; answers the secret and the recovery codes. */
  const enrol = async (memId: string) => {
    const token = await s.login(memId);
    const setup = await s.call(twoFactorCalls.setup, { memPass: 'demo1234!' }, token);
    expect(setup.resultCode).toBe('0');
    const enrolCode = await codeFor(setup.data!.secret);
    const enable = await s.call(twoFactorCalls.enable, { otpCode: enrolCode }, token);
    expect(enable.resultCode).toBe('0');
    return { token, secret: setup.data!.secret as string, enrolCode, recoveryCodes: enable.data!.recoveryCodes as string[] };
  };

  it('enrols a partner: QR and secret once, a current code confirms, ten recovery codes, the secret kept sealed', async () => {
    const token = await s.login('ptn3');
    expect((await s.call(twoFactorCalls.state, {}, token)).data).toEqual({ otpYn: 'N', recoveryLeft: 0 });
    const setup = await s.call(twoFactorCalls.setup, { memPass: 'demo1234!' }, token);
    expect(setup.data!.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.data!.otpauthUrl).toContain(`secret=${setup.data!.secret}`);
    const other = (await codeFor(setup.data!.secret)) === '000000' ? '111111' : '000000';
    expect((await s.call(twoFactorCalls.enable, { otpCode: other }, token)).resultCode).toBe('L007');
    const enable = await s.call(twoFactorCalls.enable, { otpCode: await codeFor(setup.data!.secret) }, token);
    expect(enable.data!.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.data!.recoveryCodes).size).toBe(10);
    expect((await s.call(twoFactorCalls.state, {}, token)).data).toEqual({ otpYn: 'Y', recoveryLeft: 10 });
    expect((await s.call(twoFactorCalls.setup, { memPass: 'demo1234!' }, token)).resultCode).toBe('OT001');
    const row = await s.app.db
      .selectFrom('member_totp')
      .selectAll()
      .where('member_id', '=', (await member('ptn3')).id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.data!.secret);
    expect(JSON.stringify(await s.app.db.selectFrom('totp_recovery').selectAll().execute())).not.toContain(enable.data!.recoveryCodes[0]);
    const audit = await s.app.db.selectFrom('audit_log').select(['actor', 'target', 'after']).where('action', '=', twoFactorCalls.enable.path).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: 'ptn3', target: 'memId=ptn3', after: { otpYn: 'Y' } });
  });

  it('asks the current password before showing a secret: a stolen session alone cannot enrol, and wrong tries lock the account and end the session', async () => {
    const token = await s.login('ptn5');
    expect((await s.call(twoFactorCalls.setup, {}, token)).resultCode).toBe('U121');
    const codes: string[] = [];
    // the empty one counted too: eight more cross the limit
    for (let i = 0; i < 8; i++) codes.push((await s.call(twoFactorCalls.setup, { memPass: `guess-${i}` }, token)).resultCode);
    expect(codes.slice(0, 7).every((c) => c === 'U121')).toBe(true);
    expect(codes[7]).toBe('U003');
    expect((await s.call(twoFactorCalls.state, {}, token)).resultCode).toBe('TK001');
    const row = await s.app.db
      .selectFrom('member_totp')
      .select('pending_secret')
      .where('member_id', '=', (await member('ptn5')).id)
      .executeTakeFirst();
    expect(row?.pending_secret ?? null).toBeNull();
    await s.app.db
      .updateTable('member')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', (await member('ptn5')).id)
      .execute();
  });

  it('a player cannot enrol', async () => {
    expect((await s.call(twoFactorCalls.setup, { memPass: 'demo1234!' }, await s.login('user2'))).resultCode).toBe('A001');
  });

  it('asks an enrolled partner for a code after the password, and refuses the same code twice', async () => {
    const { enrolCode: code } = await enrol('ptn4');
    const first = await passwordStep('ptn4');
    expect(first).toMatchObject({ resultCode: 'L006', data: { ticket: expect.any(String), expiresIn: 300 } });
    // the code that confirmed the enrolment signed nobody in: it opens the first sign-in, once
    const ok = await s.call(loginStepCalls.otp, { ticket: first.data!.ticket, otpCode: code });
    expect(ok.resultCode).toBe('0');
    expect((await s.call(memberCalls.info, {}, ok.data!.token)).data!.member.memId).toBe('ptn4');
    // the ticket is spent, and the code cannot open a second session through a new ticket
    expect((await s.call(loginStepCalls.otp, { ticket: first.data!.ticket, otpCode: code })).resultCode).toBe('L009');
    expect((await s.call(loginStepCalls.otp, { ticket: await ticketOf('ptn4'), otpCode: code })).resultCode).toBe('L007');
    expect((await s.call(loginStepCalls.otp, { ticket: 'not-a-ticket', otpCode: code })).resultCode).toBe('L009');
  });

  it('counts a wrong code exactly like a wrong password, and a right password does not clear that count', async () => {
    const { secret } = await enrol('ptn5');
    const right = await codeFor(secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    const ticket = await ticketOf('ptn5');
    for (let i = 1; i <= 3; i++) expect((await s.call(loginStepCalls.otp, { ticket, otpCode: wrong })).resultCode).toBe('L007');
    expect((await member('ptn5')).failed_logins).toBe(3);
    await ticketOf('ptn5');
    expect((await member('ptn5')).failed_logins).toBe(3);
    const codes: string[] = [];
    for (let i = 4; i <= limits.maxWrongPasswords + 1; i++) codes.push((await s.call(loginStepCalls.otp, { ticket, otpCode: wrong })).resultCode);
    expect(codes.at(-1)).toBe('U003');
    expect(codes.slice(0, -1).every((c) => c === 'L007')).toBe(true);
    // locked: the right code is refused on that ticket, and the password asks an untrusted try for a challenge
    expect((await s.call(loginStepCalls.otp, { ticket, otpCode: right })).resultCode).toBe('U003');
    expect((await passwordStep('ptn5')).resultCode).toBe('L005');
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await enrol('ptn6');
    const code = recoveryCodes[3]!;
    expect((await s.call(loginStepCalls.otp, { ticket: await ticketOf('ptn6'), otpCode: code.toLowerCase() })).resultCode).toBe('0');
    expect((await s.call(loginStepCalls.otp, { ticket: await ticketOf('ptn6'), otpCode: code })).resultCode).toBe('L007');
    const token = (await s.call(loginStepCalls.otp, { ticket: await ticketOf('ptn6'), otpCode: recoveryCodes[4] })).data!.token;
    expect((await s.call(twoFactorCalls.state, {}, token)).data).toEqual({ otpYn: 'Y', recoveryLeft: 8 });
  });

  it('turns off with the password and a code; a wrong password is refused', async () => {
    const { token, secret } = await enrol('ptn7');
    expect((await s.call(twoFactorCalls.disable, { memPass: 'wrong-pass', otpCode: await codeFor(secret, 1) }, token)).resultCode).toBe('U121');
    expect((await s.call(twoFactorCalls.disable, { memPass: 'demo1234!', otpCode: await codeFor(secret, 1) }, token)).resultCode).toBe('0');
    expect((await passwordStep('ptn7')).resultCode).toBe('0');
  });

  it('refuses the code step once the operator turned the login off', async () => {
    const { secret } = await enrol('ptn7b');
    const ticket = await ticketOf('ptn7b');
    await s.app.db.updateTable('member').set({ login_yn: 'N' }).where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn7b').execute();
    expect((await s.call(loginStepCalls.otp, { ticket, otpCode: await codeFor(secret, 1) })).resultCode).toBe('U010');
    await s.app.db.updateTable('member').set({ login_yn: 'Y' }).where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn7b').execute();
  });

  it("lets the operator reset a partner's two-factor, audited; others may not", async () => {
    await enrol('ptn2');
    expect((await s.call(adminTwoFactorCalls.otpReset, { memId: 'ptn2' }, await s.login('ptn1'))).resultCode).toBe('A001');
    const admin = await s.login('admin');
    expect((await s.call(adminTwoFactorCalls.otpReset, { memId: 'ptn2' }, admin)).data).toEqual({ memId: 'ptn2', otpYn: 'N' });
    expect((await s.call(adminTwoFactorCalls.otpReset, { memId: 'ptn2' }, admin)).resultCode).toBe('OT002');
    // newest first: the refused second reset, then the reset
    const [refused, row] = (await s.call(adminSecurityCalls.auditList, { page: 1, action: '/member/otpReset' }, admin)).data!.list;
    expect(refused.after).toMatchObject({ refused: 'OT002' });
    expect(row).toMatchObject({ actorId: 'admin', target: 'memId=ptn2', before: { otpYn: 'Y' }, after: { otpYn: 'N' } });
    expect((await passwordStep('ptn2')).resultCode).toBe('0');
  });

  it('sends an operator the site requires it of through enrolment before the console opens', async () => {
    const admin = await s.login('admin');
    expect((await s.call(adminTwoFactorCalls.adminOtp, { adminOtpYn: 'Y' }, admin)).data).toEqual({ adminOtpYn: 'Y' });
    expect((await s.call(adminSiteCalls.siteState, {}, admin)).data!.adminOtpYn).toBe('Y');
    const first = await passwordStep('admin');
    expect(first.resultCode).toBe('L008');
    const { ticket } = first.data;
    // the enrolment ticket is no code ticket
    expect((await s.call(loginStepCalls.otp, { ticket, otpCode: '123456' })).resultCode).toBe('L009');
    const setup = await s.call(loginStepCalls.otpSetup, { ticket });
    expect(setup.data!.secret).toEqual(expect.any(String));
    const done = await s.call(loginStepCalls.otpEnable, { ticket, otpCode: await codeFor(setup.data!.secret) });
    expect(done.resultCode).toBe('0');
    expect(done.data!.recoveryCodes).toHaveLength(10);
    expect((await s.call(adminCalls.dashboard, {}, done.data!.token)).resultCode).toBe('0');
    expect((await s.call(loginStepCalls.otpSetup, { ticket })).resultCode).toBe('L009');
    // from now on the operator signs in with a code
    const again = await passwordStep('admin');
    expect(again.resultCode).toBe('L006');
    expect((await s.call(loginStepCalls.otp, { ticket: again.data!.ticket, otpCode: await codeFor(setup.data!.secret, 1) })).resultCode).toBe('0');
  });
});
