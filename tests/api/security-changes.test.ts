import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { memberCalls } from '../../src/contract/member.js';
import { messageCalls } from '../../src/contract/message.js';
import { protectionCalls } from '../../src/contract/protection.js';
import { reauthCalls, reauthMinutes } from '../../src/contract/reauth.js';
import { loginStepCalls, twoFactorCalls } from '../../src/contract/twoFactor.js';

const PASS = 'demo1234!';

describe(`security changes need the password (${testDb})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  beforeAll(async () => {
    s = await startTestServer();
  }, 300_000);
  afterAll(() => s?.close());

  const inbox = async (token: string) => (await s.call(messageCalls.msgList, { page: 1 }, token)).data!.list;
  const pinOnly = (memId: string, curPass?: string) => ({ memId, memPass: '', memPassCheck: '', cashOutPass: '4321', cashOutPassCheck: '4321', ...(curPass ? { curPass } : {}) });

  it('a re-authentication opens a few minutes of changes without the password; then they ask again', async () => {
    const token = await s.login('user11');
    expect((await s.call(memberCalls.update, pinOnly('user11'), token)).resultCode).toBe('U121');
    expect((await s.call(reauthCalls.reauth, { memPass: 'not-mine1' }, token)).resultCode).toBe('U121');
    const r = await s.call(reauthCalls.reauth, { memPass: PASS }, token);
    expect(r.resultCode).toBe('0');
    expect(r.data!.until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const before = (await inbox(token)).length;
    expect((await s.call(memberCalls.update, pinOnly('user11'), token)).resultCode).toBe('0');
    const list = await inbox(token);
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({ msgTitle: '보안 설정 변경', msgDesc: expect.stringContaining('환전 비밀번호가 변경되었습니다.') });
    // the window is the session's own: a new sign-in starts without one
    const again = await s.login('user11');
    expect((await s.call(memberCalls.update, pinOnly('user11'), again)).resultCode).toBe('U121');
    expect((await s.call(reauthCalls.reauth, { memPass: PASS }, again)).resultCode).toBe('0');
    clock().offsetMs += (reauthMinutes + 1) * 60_000;
    try {
      expect((await s.call(memberCalls.update, pinOnly('user11'), again)).resultCode).toBe('U121');
    } finally {
      clock().offsetMs -= (reauthMinutes + 1) * 60_000;
    }
  });

  it('a wrong password in the re-authentication counts toward the lock, which ends the session', async () => {
    const token = await s.login('user12');
    const codes: string[] = [];
    for (let i = 0; i < 9; i++) codes.push((await s.call(reauthCalls.reauth, { memPass: `guess-${i}x` }, token)).resultCode);
    expect(codes.slice(0, 8).every((c) => c === 'U121')).toBe(true);
    expect(codes[8]).toBe('U003');
    expect((await s.call(memberCalls.info, {}, token)).resultCode).toBe('TK001');
  });

  it('tells the member of a password change in its inbox', async () => {
    const token = await s.login('user13');
    const before = (await inbox(token)).length;
    expect((await s.call(memberCalls.update, { memId: 'user13', memPass: 'changed1!', memPassCheck: 'changed1!', curPass: PASS }, token)).resultCode).toBe('0');
    const list = await inbox(token);
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({ msgTitle: '보안 설정 변경', msgDesc: expect.stringContaining('로그인 비밀번호가 변경되었습니다.') });
  });

  it('raising or removing a limit asks the password; setting or lowering one does not', async () => {
    const token = await s.login('user14');
    const set = (amount: number | null, curPass?: string) => s.call(protectionCalls.limits, { kind: 'deposit_day', amount, ...(curPass ? { curPass } : {}) }, token);
    expect((await set(300_000)).resultCode).toBe('0');
    expect((await set(200_000)).resultCode).toBe('0');
    expect((await set(500_000)).resultCode).toBe('U121');
    expect((await set(null)).resultCode).toBe('U121');
    expect((await set(500_000, 'not-mine1')).resultCode).toBe('U121');
    const limit = async () => (await s.call(protectionCalls.protection, {}, token)).data!.limits.find((l) => l.kind === 'deposit_day')!;
    expect(await limit()).toMatchObject({ amount: 200_000, pending: false });
    const before = (await inbox(token)).length;
    expect((await set(500_000, PASS)).resultCode).toBe('0');
    expect(await limit()).toMatchObject({ amount: 200_000, pending: true, pendingAmount: 500_000 });
    const list = await inbox(token);
    expect(list.length).toBe(before + 1);
    expect(list[0].msgDesc).toContain('이용 한도를 올리거나 해제했습니다.');
  });

  describe('two-factor', () => {
    const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

    it('checks codes on the real clock, not the moved server clock, and tells the member on and off', async () => {
      const token = await s.login('ptn2');
      const setup = await s.call(twoFactorCalls.setup, { memPass: PASS }, token);
      expect(setup.resultCode).toBe('0');
      const secret = setup.data!.secret;
      const hour = 3_600_000;
      clock().offsetMs += hour;
      try {
        expect((await s.call(twoFactorCalls.enable, { otpCode: await codeAt(secret, Date.now() + hour) }, token)).resultCode).toBe('L007');
        expect((await s.call(twoFactorCalls.enable, { otpCode: await codeAt(secret, Date.now()) }, token)).resultCode).toBe('0');
      } finally {
        clock().offsetMs -= hour;
      }
      // within the re-authentication the setup's password opened, turning off asks only a code
      expect((await s.call(twoFactorCalls.disable, { otpCode: await codeAt(secret, Date.now() + 30_000) }, token)).resultCode).toBe('0');
      const texts = (await inbox(token)).map((m) => m.msgDesc);
      expect(texts).toEqual(expect.arrayContaining([expect.stringContaining('2단계 인증을 껐습니다.'), expect.stringContaining('2단계 인증을 켰습니다.')]));
    });

    it('lets the code that confirmed the enrolment open the first sign-in, once', async () => {
      const token = await s.login('ptn3');
      const secret = (await s.call(twoFactorCalls.setup, { memPass: PASS }, token)).data!.secret;
      const code = await codeAt(secret, Date.now());
      expect((await s.call(twoFactorCalls.enable, { otpCode: code }, token)).resultCode).toBe('0');
      const ticket = async () => {
        const captcha = await s.loose()(memberCalls.captcha, {});
        const r = await s.loose()(memberCalls.login, { memId: 'ptn3', memPass: PASS, captchaId: captcha.data.captchaId, captcha: '1234' });
        expect(r.resultCode).toBe('L006');
        // an L006 refusal carries the second step's ticket, outside the call's success answer
        return (r.data as unknown as { ticket: string }).ticket;
      };
      expect((await s.call(loginStepCalls.otp, { ticket: await ticket(), otpCode: code })).resultCode).toBe('0');
      // used to sign in: now the same code is a replay
      expect((await s.call(loginStepCalls.otp, { ticket: await ticket(), otpCode: code })).resultCode).toBe('L007');
    });
  });
});
