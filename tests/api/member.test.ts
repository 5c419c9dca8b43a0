import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contract/enums.js';
import type { Audience } from '../../src/server/live/publisher.js';
import { createMember } from '../../src/server/domain/auth/members.js';
import { verifyPassword } from '../../src/server/domain/auth/passwords.js';
import { verifyPin } from '../../src/server/domain/auth/pins.js';
import { unreadCounts } from '../../src/server/domain/board/unread.js';
import { uniqueViolation } from '../../src/server/domain/auth/signup.js';
import { forgetSites } from '../../src/server/http/route.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { memberCalls } from '../../src/contract/member.js';

const PASS = 'demo1234!';
const wire = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe(`member accounts and sessions (${testDb})`, () => {
  let s: TestServer;
  const events: { to: Audience; event: LiveEvent }[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    s.app.live.onEvent((to, event) => events.push({ to, event }));
  });
  afterAll(() => s?.close());

  const member = (memId: string) => s.app.db.selectFrom('member').selectAll().where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
  const captcha = async () => (await s.call(memberCalls.captcha, {})).data!.captchaId;
  const login = async (memId: string, memPass = PASS, extra: Record<string, unknown> = {}) =>
    s.call(memberCalls.login, { memId, memPass, captchaId: await captcha(), captcha: '1234', ...extra });
  const memberCount = async () =>
    Number(
      (
        await s.app.db
          .selectFrom('member')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setSiteOptions = async (patch: Record<string, unknown>) => {
    const site = await s.app.db.selectFrom('site').select('options').where('id', '=', s.siteId).executeTakeFirstOrThrow();
    await s.app.db
      .updateTable('site')
      .set({ options: JSON.stringify({ ...site.options, ...patch }) })
      .where('id', '=', s.siteId)
      .execute();
    forgetSites();
  };

  describe('captcha', () => {
    it('issues an id and a PNG picture', async () => {
      const r = await s.call(memberCalls.captcha, {});
      expect(r.resultCode).toBe('0');
      expect(r.data!.captchaId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.data!.image).toMatch(/^data:image\/png;base64,/);
      expect((r.data as Record<string, unknown>).svg).toBeUndefined();
    });

    it('needs the site key', async () => {
      const res = await s.raw('/api/member/captcha', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteId: s.siteId }),
      });
      expect(res.status).toBe(401);
    });
  });

  describe('login', () => {
    it('logs a player in and answers token, expiry, member and message counts', async () => {
      const before = await member('user1');
      const logsBefore = await s.app.db.selectFrom('login_log').select('id').where('member_id', '=', before.id).execute();
      const r = await s.call(memberCalls.login, { memId: 'user1', memPass: PASS });
      expect(r.resultCode).toBe('0');
      expect(r.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.data!.expiresAt).toMatch(wire);
      expect(r.data!.expiresIn).toBeGreaterThan(240 * 60 - 10);
      expect(r.data!.expiresIn).toBeLessThanOrEqual(240 * 60);
      expect(r.data!.member).toEqual({
        memId: 'user1',
        memName: expect.stringMatching(/^[가-힣]{3}$/), // the demo's holder names are Korean, as a bank shows them
        memNick: 'user1_nick',
        partnerLevel: 'NORMAL',
        partnerLevelOrder: 8,
        loginType: 'NORMAL',
        cashAmt: before.cash_amt,
        pointAmt: before.point_amt,
        gameAmt: before.game_amt,
        outAmtYn: 'Y',
      });
      expect(r.data!.msgInfo).toEqual(await unreadCounts(s.app.db, before.id));

      const after = await member('user1');
      expect(after.login_count).toBe(before.login_count + 1);
      expect(after.last_login_ip).toBe('127.0.0.1');
      expect(after.last_login_at).not.toBeNull();
      const logs = await s.app.db.selectFrom('login_log').selectAll().where('member_id', '=', after.id).orderBy('id').execute();
      expect(logs.length).toBe(logsBefore.length + 1);
      expect(logs.at(-1)!.access_ip).toBe('127.0.0.1');
      expect(Math.abs(new Date(logs.at(-1)!.access_date).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('logs a partner in through the partner screen', async () => {
      const r = await login('ptn1', PASS, { loginPage: 'partner' });
      expect(r.resultCode).toBe('0');
      expect(r.data!.member).toMatchObject({ memId: 'ptn1', loginType: 'PARTNER', partnerLevel: 'PTN_1', partnerLevelOrder: 1 });
      const r7 = await login('ptn7', PASS, { loginPage: 'partner' });
      expect(r7.data!.member).toMatchObject({ partnerLevel: 'PTN_7', partnerLevelOrder: 7 });
    });

    it('logs the operator in through the operator screen', async () => {
      const r = await login('admin', PASS, { loginPage: 'admin' });
      expect(r.resultCode).toBe('0');
      expect(r.data!.member).toMatchObject({ memId: 'admin', loginType: 'ADMIN' });
    });

    it('refuses accounts on screens not theirs with L003; the operator id exists on the operator screen only', async () => {
      expect((await login('user3', PASS, { loginPage: 'partner' })).resultCode).toBe('L003');
      expect((await login('admin', PASS, { loginPage: 'partner' })).resultCode).toBe('L001');
      expect((await login('user3', PASS, { loginPage: 'admin' })).resultCode).toBe('L003');
      expect((await login('ptn2', PASS, { loginPage: 'admin' })).resultCode).toBe('L003');
    });

    it('checks the captcha before the credentials on the partner and operator screens, and for staff accounts after the password', async () => {
      const wrongCaptcha = async (memId: string, memPass: string, loginPage?: 'partner' | 'admin') =>
        s.call(memberCalls.login, { memId, memPass, captchaId: await captcha(), captcha: '5555', loginPage });
      // from the player screen a partner account's wrong password answers like an unknown id (L001) and
      // counts; only with the right password is the missing or wrong captcha named (L002)
      expect(await wrongCaptcha('ptn3', 'wrong-pass')).toMatchObject({ resultCode: 'L001' });
      expect((await member('ptn3')).failed_logins).toBe(1);
      expect(await wrongCaptcha('ptn3', PASS)).toMatchObject({ resultCode: 'L002' });
      expect((await s.call(memberCalls.login, { memId: 'ptn3', memPass: PASS })).resultCode).toBe('L002');
      // elsewhere than its own screen the operator id answers as an unknown id, even with its password
      expect((await s.call(memberCalls.login, { memId: 'admin', memPass: PASS })).resultCode).toBe('L001');
      // the partner and operator screens need it for any id, known or not, before the password
      expect((await wrongCaptcha('user4', 'wrong-pass', 'partner')).resultCode).toBe('L002');
      expect((await wrongCaptcha('nobody', 'wrong-pass', 'partner')).resultCode).toBe('L002');
      expect((await wrongCaptcha('admin', 'wrong-pass', 'admin')).resultCode).toBe('L002');
      expect((await wrongCaptcha('nobody', 'wrong-pass', 'admin')).resultCode).toBe('L002');
      expect((await member('user4')).failed_logins).toBe(0);
      expect((await member('admin')).failed_logins).toBe(0);
      expect((await login('ptn3', PASS)).resultCode).toBe('0');
      expect((await member('ptn3')).failed_logins).toBe(0);
    });

    it('uses a captcha once', async () => {
      const captchaId = await captcha();
      const body = { memId: 'ptn4', memPass: PASS, captchaId, captcha: '1234', loginPage: 'partner' as const };
      expect((await s.call(memberCalls.login, body)).resultCode).toBe('0');
      expect((await s.call(memberCalls.login, body)).resultCode).toBe('L002');
    });

    it('answers unknown ids and wrong passwords alike with L001', async () => {
      const unknown = await s.call(memberCalls.login, { memId: 'ghost99', memPass: PASS });
      const wrong = await s.call(memberCalls.login, { memId: 'user5', memPass: 'nope1234' });
      const empty = await s.call(memberCalls.login, { memId: 'user5' });
      expect(unknown).toEqual(wrong);
      expect(empty).toEqual(wrong);
      expect(wrong.resultCode).toBe('L001');
      // the house account never logs in
      const house = await s.app.db.selectFrom('member').select('mem_id').where('login_type', '=', 'HOUSE').executeTakeFirst();
      if (house) expect((await s.call(memberCalls.login, { memId: house.mem_id, memPass: PASS })).resultCode).toBe('L001');
    });

    it('resets the wrong-password count on a right password', async () => {
      for (let i = 0; i < 3; i++) expect((await s.call(memberCalls.login, { memId: 'user6', memPass: 'bad' })).resultCode).toBe('L001');
      expect((await member('user6')).failed_logins).toBe(3);
      expect((await s.call(memberCalls.login, { memId: 'user6', memPass: PASS })).resultCode).toBe('0');
      expect((await member('user6')).failed_logins).toBe(0);
    });

    it('locks after more than 8 wrong passwords: an untrusted try then needs a solved challenge, the right password too', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 9; i++) codes.push((await s.call(memberCalls.login, { memId: 'user7', memPass: `bad${i}` })).resultCode);
      expect(codes.slice(0, 8)).toEqual(Array(8).fill('L001'));
      // the locking try answers as a made-up id would
      expect(codes[8]).toBe('L001');
      expect((await s.call(memberCalls.login, { memId: 'user7', memPass: PASS })).resultCode).toBe('L005');
      expect((await member('user7')).failed_logins).toBe(9);
      const open = await s.app.db
        .selectFrom('session')
        .select('id')
        .where('member_id', '=', (await member('user7')).id)
        .execute();
      expect(open).toHaveLength(0);
    });

    it('answers U002 while awaiting approval and U010 when login is off', async () => {
      await s.app.db.updateTable('member').set({ status: 'PENDING' }).where('mem_id', '=', 'user8').execute();
      await s.app.db.updateTable('member').set({ login_yn: 'N' }).where('mem_id', '=', 'user9').execute();
      expect((await s.call(memberCalls.login, { memId: 'user8', memPass: PASS })).resultCode).toBe('U002');
      expect((await s.call(memberCalls.login, { memId: 'user9', memPass: PASS })).resultCode).toBe('U010');
      // a wrong password still answers L001, so the state is not shown to strangers
      expect((await s.call(memberCalls.login, { memId: 'user8', memPass: 'bad' })).resultCode).toBe('L001');
    });
  });

  describe('sessions', () => {
    it('answers info and cash for the session', async () => {
      const token = await s.login('user10');
      const info = await s.call(memberCalls.info, {}, token);
      expect(info.resultCode).toBe('0');
      expect(info.data!.member.memId).toBe('user10');
      expect(info.data!.msgInfo).toEqual(await unreadCounts(s.app.db, (await member('user10')).id));
      expect(info.data!.expiresAt).toMatch(wire);
      expect(info.data!.expiresIn).toBeGreaterThan(0);
      const cash = await s.call(memberCalls.userCash, {}, token);
      const m = await member('user10');
      expect(cash).toMatchObject({ resultCode: '0', data: { cashAmt: m.cash_amt, pointAmt: m.point_amt, gameAmt: m.game_amt } });
      expect((await s.call(memberCalls.info, {})).resultCode).toBe('TK001');
      expect((await s.call(memberCalls.info, {}, 'forged-token')).resultCode).toBe('TK001');
    });

    it('keeps one live session: a second login makes the first token answer TK999 and pushes LOGOUT to it', async () => {
      const first = await s.login('user11');
      const firstSession = await s.app.db
        .selectFrom('session')
        .select('id')
        .where('member_id', '=', (await member('user11')).id)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      events.length = 0;
      const second = await s.login('user11');
      expect((await s.call(memberCalls.info, {}, first)).resultCode).toBe('TK999');
      expect((await s.call(memberCalls.userCash, {}, first)).resultCode).toBe('TK999');
      expect((await s.call(memberCalls.getToken, {}, first)).resultCode).toBe('TK999');
      expect((await s.call(memberCalls.info, {}, second)).resultCode).toBe('0');
      expect(events).toEqual([{ to: { siteId: s.siteId, memId: 'user11', sessionId: firstSession.id }, event: { type: 'LOGOUT' } }]);
    });

    it('lets only one of two simultaneous logins survive', async () => {
      const [a, b] = await Promise.all([s.login('user12'), s.login('user12')]);
      const codes = [(await s.call(memberCalls.info, {}, a)).resultCode, (await s.call(memberCalls.info, {}, b)).resultCode].sort();
      expect(codes).toEqual(['0', 'TK999']);
      const open = await s.app.db
        .selectFrom('session')
        .select('id')
        .where('member_id', '=', (await member('user12')).id)
        .where('ended_at', 'is', null)
        .execute();
      expect(open).toHaveLength(1);
    });

    it('logs out: the token stops working', async () => {
      const token = await s.login('user13');
      events.length = 0;
      expect(await s.call(memberCalls.logout, {}, token)).toMatchObject({ resultCode: '0', data: null });
      expect((await s.call(memberCalls.info, {}, token)).resultCode).toBe('TK001');
      expect(events.map((e) => e.event.type)).toEqual(['LOGOUT']);
      const row = await s.app.db.selectFrom('session').select(['end_reason']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.end_reason).toBe('logout');
    });

    it('extends the session with getToken, keeping the token', async () => {
      const token = await s.login('user14');
      const memberId = (await member('user14')).id;
      const soon = new Date(Date.now() + 3 * 60_000);
      await s.app.db.updateTable('session').set({ expires_at: soon }).where('member_id', '=', memberId).where('ended_at', 'is', null).execute();
      const before = await s.call(memberCalls.info, {}, token);
      expect(before.data!.expiresIn).toBeLessThanOrEqual(180);
      const r = await s.call(memberCalls.getToken, {}, token);
      expect(r.resultCode).toBe('0');
      expect(r.data!.token).toBe(token);
      expect(r.data!.expiresAt).toMatch(wire);
      expect(r.data!.expiresAt > before.data!.expiresAt).toBe(true);
      expect(r.data!.expiresIn).toBeGreaterThan(240 * 60 - 10);
      const row = await s.app.db.selectFrom('session').select('expires_at').where('member_id', '=', memberId).where('ended_at', 'is', null).executeTakeFirstOrThrow();
      expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 239 * 60_000);
    });

    it('answers TK002 once a session has expired', async () => {
      const token = await s.login('user15');
      await s.app.db
        .updateTable('session')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('member_id', '=', (await member('user15')).id)
        .where('ended_at', 'is', null)
        .execute();
      expect((await s.call(memberCalls.getToken, {}, token)).resultCode).toBe('TK002');
    });
  });

  describe('signup', () => {
    const form = {
      memId: 'newbie1',
      memPass: 'fresh123!',
      memPassCheck: 'fresh123!',
      memPhone: '010-5555-0001',
      memNick: 'newbie_one',
      recommenderId: 'ptn7',
      memName: '김신입',
      cashOutPass: '4321',
      cashOutPassCheck: '4321',
      bank: 'KB',
      bankacc: '5555000001',
    };

    it('signs a player up under the recommender, ready to log in', async () => {
      const r = await s.call(memberCalls.signup, form);
      expect(r).toMatchObject({ resultCode: '0', data: { memId: 'newbie1', status: 'ACTIVE' } });
      const m = await member('newbie1');
      const ptn7 = await member('ptn7');
      expect(m).toMatchObject({
        partner_level: 'NORMAL',
        login_type: 'NORMAL',
        parent_id: ptn7.id,
        status: 'ACTIVE',
        mem_nick: 'newbie_one',
        mem_name: '김신입',
        mem_phone: '010-5555-0001',
        bank: 'KB',
        bank_acc: '5555000001',
        cash_amt: 0,
      });
      expect(await verifyPin(s.app.db, '4321', m.cash_out_pass_hash)).toBe(true);
      const ancestors = await s.app.db.selectFrom('member_path').select('ancestor_id').where('descendant_id', '=', m.id).execute();
      expect(ancestors.map((a) => a.ancestor_id)).toContain(ptn7.id);
      expect(ancestors.length).toBe(8); // itself, ptn7..ptn1
      expect((await s.call(memberCalls.login, { memId: 'newbie1', memPass: 'fresh123!' })).resultCode).toBe('0');
    });

    it('answers the first failing rule in the product order and writes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ memId: '' }, 'U101'],
        [{ memId: 'a b' }, 'U101'],
        [{ memPassCheck: '' }, 'U113'],
        [{ memPassCheck: 'other123' }, 'U113'],
        [{ memPass: 'a^b^c^d', memPassCheck: 'a^b^c^d' }, 'U102'],
        [{ memPhone: '' }, 'U114'],
        [{ memPhone: 'call me' }, 'U114'],
        [{ memNick: 'ab' }, 'U105'],
        [{ recommenderId: '' }, 'U106'],
        [{ memName: '' }, 'U116'],
        [{ memName: 'R2D2' }, 'U116'],
        [{ cashOutPass: '12345', cashOutPassCheck: '12345' }, 'U103'],
        [{ cashOutPassCheck: '1111' }, 'U118'],
        [{ bank: '' }, 'U115'],
        [{ bankacc: '12-34-56' }, 'U117'],
        // server checks after the field rules
        [{ recommenderId: 'nobody' }, 'U107'],
        [{ recommenderId: 'user1' }, 'U107'],
        [{ recommenderId: 'admin' }, 'U107'],
        [{ memId: 'newbie1' }, 'U109'],
        [{ memId: 'NEWBIE1' }, 'U109'],
        [{ memNick: 'user1_nick' }, 'U110'],
        [{ memPhone: '010-5555-0001' }, 'U111'],
        [{ bankacc: '5555000001' }, 'U112'],
        // several wrong at once: the earliest wins
        [{ memNick: 'ab', bankacc: 'x', memPhone: 'x' }, 'U114'],
        [{ memId: 'user1', memNick: 'user1_nick' }, 'U109'],
      ];
      const n = await memberCount();
      for (const [patch, code] of cases) {
        const r = await s.call(memberCalls.signup, { ...form, memId: 'newbie2', memNick: 'newbie_two', memPhone: '010-5555-0002', bankacc: '5555000002', ...patch });
        expect(r.resultCode, JSON.stringify(patch)).toBe(code);
      }
      expect(await memberCount()).toBe(n);
    });

    it('maps a race on the same id to U109, one winner', async () => {
      const a = { ...form, memId: 'racer1', memNick: 'racer_a', memPhone: '010-5555-0101', bankacc: '5555000101' };
      const b = { ...form, memId: 'racer1', memNick: 'racer_b', memPhone: '010-5555-0102', bankacc: '5555000102' };
      const codes = (await Promise.all([s.call(memberCalls.signup, a), s.call(memberCalls.signup, b)])).map((r) => r.resultCode).sort();
      expect(codes).toEqual(['0', 'U109']);
    });

    it('maps each unique violation the database raises to its code', async () => {
      const base = {
        siteId: s.siteId,
        password: 'x',
        partnerLevel: 'NORMAL',
        loginType: 'NORMAL',
        memId: 'dupe1',
        memNick: 'dupe_one',
        memPhone: '010-5555-0401',
        bankAcc: '5555000401',
      };
      const attempts: [Record<string, string>, string][] = [
        [{ memId: 'user2' }, 'U109'],
        [{ memNick: 'user2_nick' }, 'U110'],
        [{ memPhone: (await member('user2')).mem_phone! }, 'U111'],
        [{ bankAcc: (await member('user2')).bank_acc! }, 'U112'],
      ];
      for (const [patch, code] of attempts) {
        const err = await createMember(s.app.db, { ...base, ...patch }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(uniqueViolation(err), JSON.stringify(patch)).toBe(code);
      }
      expect(uniqueViolation(new Error('other'))).toBeNull();
    });

    it('makes new members wait for approval when the site asks for it, and refuses when closed', async () => {
      await setSiteOptions({ signupApproval: true });
      const r = await s.call(memberCalls.signup, { ...form, memId: 'waiter1', memNick: 'waiter_one', memPhone: '010-5555-0201', bankacc: '5555000201' });
      expect(r).toMatchObject({ resultCode: '0', data: { memId: 'waiter1', status: 'PENDING' } });
      expect((await s.call(memberCalls.login, { memId: 'waiter1', memPass: form.memPass })).resultCode).toBe('U002');
      await setSiteOptions({ signupApproval: false, signupClosed: true });
      const n = await memberCount();
      const closed = await s.call(memberCalls.signup, { ...form, memId: 'late1', memNick: 'late_one', memPhone: '010-5555-0301', bankacc: '5555000301' });
      expect(closed.resultCode).toBe('U108');
      expect(await memberCount()).toBe(n);
      await setSiteOptions({ signupClosed: false });
    });

    it('checks id and nickname availability', async () => {
      expect((await s.call(memberCalls.checkId, { memId: 'ab' })).resultCode).toBe('U101');
      expect((await s.call(memberCalls.checkId, {})).resultCode).toBe('U101');
      expect(await s.call(memberCalls.checkId, { memId: 'user1' })).toMatchObject({ resultCode: '0', data: { available: false } });
      expect(await s.call(memberCalls.checkId, { memId: 'User1' })).toMatchObject({ resultCode: '0', data: { available: false } });
      expect(await s.call(memberCalls.checkId, { memId: 'freshid9' })).toMatchObject({ resultCode: '0', data: { available: true } });
      expect((await s.call(memberCalls.checkNickname, { memNick: 'ab' })).resultCode).toBe('U105');
      expect(await s.call(memberCalls.checkNickname, { memNick: 'user1_nick' })).toMatchObject({ data: { available: false } });
      expect(await s.call(memberCalls.checkNickname, { memNick: '새닉네임' })).toMatchObject({ data: { available: true } });
    });
  });

  describe('account edit', () => {
    it('checks in the product order and changes nothing on failure', async () => {
      const token = await s.login('user16');
      const before = await member('user16');
      const ok = { memId: 'user16', memPass: 'changed1!', memPassCheck: 'changed1!', cashOutPass: '9876', cashOutPassCheck: '9876', curPass: PASS };
      const cases: [Record<string, unknown>, string][] = [
        [{ memPassCheck: '' }, 'U113'],
        [{ memPass: '' }, 'U119'],
        [{ memPass: 'short', memPassCheck: 'short' }, 'U102'],
        [{ cashOutPassCheck: '' }, 'U120'],
        [{ cashOutPass: '' }, 'U120'],
        [{ cashOutPass: '98765' }, 'U103'],
        [{ memPassCheck: 'changed2!' }, 'U113'],
        [{ cashOutPassCheck: '1111' }, 'U118'],
        [{ memId: 'user17' }, 'A001'],
      ];
      for (const [patch, code] of cases) {
        expect((await s.call(memberCalls.update, { ...ok, ...patch }, token)).resultCode, JSON.stringify(patch)).toBe(code);
      }
      const after = await member('user16');
      expect(after.pass_hash).toBe(before.pass_hash);
      expect(after.cash_out_pass_hash).toBe(before.cash_out_pass_hash);
      expect((await s.call(memberCalls.update, ok)).resultCode).toBe('TK001');
    });

    it('changes both passwords: the new one logs in, the old one no longer', async () => {
      const token = await s.login('user17');
      const r = await s.call(
        memberCalls.update,
        { memId: 'user17', memPass: 'changed1!', memPassCheck: 'changed1!', cashOutPass: 9876, cashOutPassCheck: '9876', curPass: PASS },
        token,
      );
      expect(r).toMatchObject({ resultCode: '0', data: null });
      expect(await verifyPin(s.app.db, '9876', (await member('user17')).cash_out_pass_hash)).toBe(true);
      expect((await s.call(memberCalls.login, { memId: 'user17', memPass: PASS })).resultCode).toBe('L001');
      expect((await s.call(memberCalls.login, { memId: 'user17', memPass: 'changed1!' })).resultCode).toBe('0');
    });

    it('leaves an empty pair unchanged and always checks the current password', async () => {
      const token = await s.login('user18');
      const before = await member('user18');
      const outOnly = { memId: 'user18', memPass: '', memPassCheck: '', cashOutPass: '4321', cashOutPassCheck: '4321' };
      expect((await s.call(memberCalls.update, { ...outOnly, curPass: 'wrong-one1' }, token)).resultCode).toBe('U121');
      expect((await member('user18')).cash_out_pass_hash).toBe(before.cash_out_pass_hash);
      expect((await s.call(memberCalls.update, { ...outOnly, curPass: PASS }, token)).resultCode).toBe('0');
      const after = await member('user18');
      expect(after.pass_hash).toBe(before.pass_hash);
      expect(await verifyPin(s.app.db, '4321', after.cash_out_pass_hash)).toBe(true);
      const passOnly = { memId: 'user18', curPass: PASS, memPass: 'changed3!', memPassCheck: 'changed3!' };
      expect((await s.call(memberCalls.update, passOnly, token)).resultCode).toBe('0');
      const last = await member('user18');
      expect(last.cash_out_pass_hash).toBe(after.cash_out_pass_hash);
      expect(await verifyPassword('changed3!', last.pass_hash)).toBe(true);
      // a withdrawal in progress keeps its withdrawal password (F001); the login password may still change
      await s.app.db
        .insertInto('cash_request')
        .values({ site_id: s.siteId, member_id: before.id, cash_type: -1, amount: 10_000, status: 2, created_at: new Date(), updated_at: new Date() })
        .execute();
      expect((await s.call(memberCalls.update, { ...outOnly, curPass: 'changed3!' }, token)).resultCode).toBe('F001');
      expect((await member('user18')).cash_out_pass_hash).toBe(after.cash_out_pass_hash);
      // nothing to change: the product's first rule answers
      expect((await s.call(memberCalls.update, { memId: 'user18', curPass: 'changed3!' }, token)).resultCode).toBe('U113');
    });
  });
});
