import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bankSafeOffset, solve, startTestServer, testDb, type TestServer } from './harness.js';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { demoCalls, gameCalls } from '../../src/contract/game.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { adminSiteCalls } from '../../src/contract/site.js';
import { statsCalls } from '../../src/contract/stats.js';

const PASS = 'demo1234!';
const wire = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe(`account hardening (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  }, 600_000);
  afterAll(() => s?.close());

  const member = (memId: string) => s.app.db.selectFrom('member').selectAll().where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
  const openSessions = async (memId: string) =>
    (
      await s.app.db
        .selectFrom('session')
        .select('id')
        .where('member_id', '=', (await member(memId)).id)
        .where('ended_at', 'is', null)
        .execute()
    ).length;
  const playerLogin = (memId: string, memPass: string) => s.call(memberCalls.login, { memId, memPass });
  const adminToken = () => s.login('admin');
  const endLock = (memId: string) =>
    s.app.db
      .updateTable('member')
      .set({ locked_until: new Date(s.now() - 1000) })
      .where('site_id', '=', s.siteId)
      .where('mem_id', '=', memId)
      .execute();

  describe('wrong-password lock', () => {
    it('holds under 50 parallel logins that solved their challenges: the count is exact, and a solved challenge passes the lock', async () => {
      const early = await s.login('user2');
      const passes = [...Array(46).fill('wrong-pass'), ...Array(4).fill(PASS)].sort(() => Math.random() - 0.5);
      // solved first, so all 50 reach the password check together (unproved ones past the hash queue would answer L005)
      const proofs = await Promise.all(passes.map(async () => solve((await s.call(memberCalls.challenge, {})).data!.challenge)));
      const codes = (await Promise.all(passes.map((p, i) => s.call(memberCalls.login, { memId: 'user2', memPass: p, pow: proofs[i] })))).map((r) => r.resultCode);
      // the lock anyone can set binds no try that solved its challenge: each right password signs in
      expect(codes.filter((_, i) => passes[i] === PASS)).toEqual(Array(4).fill('0'));
      expect(codes.filter((_, i) => passes[i] !== PASS)).toEqual(Array(46).fill('L001'));
      // wrong passwords from untrusted devices end no session (anyone can send them):
      // at most the newest right password's session is open, the one from before the burst was superseded by it
      expect(await openSessions('user2')).toBeLessThanOrEqual(1);
      expect((await s.call(memberCalls.info, {}, early)).resultCode).toBe('TK999');

      // wrong ones alone, in parallel: counted exactly under the row lock, the lock set once
      await endLock('user2');
      await s.app.db.updateTable('member').set({ failed_logins: 0, locked_until: null }).where('site_id', '=', s.siteId).where('mem_id', '=', 'user2').execute();
      const wrongProofs = await Promise.all(Array.from({ length: 30 }, async () => solve((await s.call(memberCalls.challenge, {})).data!.challenge)));
      await Promise.all(wrongProofs.map((pow) => s.call(memberCalls.login, { memId: 'user2', memPass: 'wrong-pass', pow })));
      const m = await member('user2');
      expect(m.failed_logins).toBe(9);
      expect(new Date(m.locked_until!).getTime()).toBeGreaterThan(s.now() + 29 * 60_000);
      expect(new Date(m.locked_until!).getTime()).toBeLessThanOrEqual(s.now() + 30 * 60_000);
      // an untrusted try without a solved challenge is asked for one, the right password too
      expect((await playerLogin('user2', PASS)).resultCode).toBe('L005');
    });

    it('is temporary: once the lock ends the right password logs in and the count starts again', async () => {
      for (let i = 0; i < 9; i++) await playerLogin('user3', `bad${i}`);
      expect((await playerLogin('user3', PASS)).resultCode).toBe('L005');
      await endLock('user3');
      expect((await playerLogin('user3', 'bad-again')).resultCode).toBe('L001');
      expect((await member('user3')).failed_logins).toBe(1);
      expect((await playerLogin('user3', PASS)).resultCode).toBe('0');
      expect((await member('user3')).failed_logins).toBe(0);
      expect((await member('user3')).locked_until).toBeNull();
    });

    it('is ended by the operator, who sees the lock first; the call is audited', async () => {
      for (let i = 0; i < 9; i++) await playerLogin('user4', `bad${i}`);
      const admin = await adminToken();
      const state = await s.call(adminSecurityCalls.memberState, { memId: 'user4' }, admin);
      expect(state.data).toMatchObject({ memId: 'user4', failedLogins: 9, outLockedUntil: null });
      expect(state.data!.lockedUntil).toMatch(wire);
      // with the balances the member screen shows beside the lock
      await s.app.accrual.flush();
      const m = await member('user4');
      expect(state.data).toMatchObject({ cashAmt: Number(m.cash_amt), pointAmt: Number(m.point_amt) });
      const r = await s.call(adminSecurityCalls.memberUnlock, { memId: 'user4' }, admin);
      expect(r).toMatchObject({ resultCode: '0', data: { memId: 'user4', failedLogins: 0, lockedUntil: null } });
      expect((await playerLogin('user4', PASS)).resultCode).toBe('0');
      expect((await s.call(adminSecurityCalls.memberUnlock, { memId: 'ghost' }, admin)).resultCode).toBe('U001');
      expect((await s.call(adminSecurityCalls.memberUnlock, { memId: 'user4' }, await s.login('ptn1'))).resultCode).toBe('A001');
      const audit = await s.call(adminSecurityCalls.auditList, { page: 1 }, admin);
      type Row = { action: string; actorId: string; target: string; before: unknown; after: { refused?: string } | null };
      const unlocks = (audit.data!.list as Row[]).filter((a) => a.action === adminSecurityCalls.memberUnlock.path);
      // the refused tries are recorded too, the partner's A001 and the operator's U001
      expect(unlocks.find((a) => a.actorId === 'ptn1')?.after).toMatchObject({ refused: 'A001' });
      expect(unlocks.find((a) => a.target === 'memId=ghost')?.after).toMatchObject({ refused: 'U001' });
      const row = unlocks.find((a) => a.actorId === 'admin' && a.target === 'memId=user4');
      expect(row).toMatchObject({ actorId: 'admin', target: 'memId=user4', ip: '127.0.0.1' });
      expect(row?.before).toMatchObject({ failedLogins: 9 });
      expect(row?.after).toMatchObject({ failedLogins: 0, lockedUntil: null });
    });

    it('is ended by an upline partner for its own downline only', async () => {
      for (let i = 0; i < 9; i++) await playerLogin('user5', `bad${i}`);
      const ptn7 = await s.login('ptn7');
      expect((await s.call(partnerCalls.detailInfo, { memId: 'user5' }, ptn7)).data!.partnerInfo.lockYn).toBe('Y');
      // user11..20 hang under sibling partners, outside ptn7's subtree; ptn7 cannot unlock itself
      expect((await s.call(partnerCalls.detailUnlock, { memId: 'user12' }, ptn7)).resultCode).not.toBe('0');
      expect((await s.call(partnerCalls.detailUnlock, { memId: 'ptn7' }, ptn7)).resultCode).not.toBe('0');
      expect(await s.call(partnerCalls.detailUnlock, { memId: 'user5' }, ptn7)).toMatchObject({ resultCode: '0', data: { memId: 'user5' } });
      expect((await playerLogin('user5', PASS)).resultCode).toBe('0');
    });

    it('asks the operator screen for the captcha before anything', async () => {
      const wrong = await s.call(memberCalls.login, { memId: 'admin', memPass: PASS, loginPage: 'admin' });
      expect(wrong.resultCode).toBe('L002');
      for (let i = 0; i < 12; i++) await s.call(memberCalls.login, { memId: 'admin', memPass: 'bad', loginPage: 'admin' });
      expect((await member('admin')).failed_logins).toBe(0);
      expect((await member('admin')).locked_until).toBeNull();
    });
  });

  describe('login answers do not tell which ids exist', () => {
    it('answers an unknown id and a partner with a wrong password alike, in about the same time', async () => {
      const time = async (memId: string) => {
        const t0 = performance.now();
        const r = await playerLogin(memId, 'not-the-password');
        return { r, ms: performance.now() - t0 };
      };
      const unknown: number[] = [];
      const partner: number[] = [];
      for (let i = 0; i < 5; i++) {
        const a = await time('ghostptn');
        const b = await time('ptn5');
        expect(a.r).toEqual(b.r);
        expect(a.r.resultCode).toBe('L001');
        unknown.push(a.ms);
        partner.push(b.ms);
      }
      const median = (xs: number[]) => xs.sort((x, y) => x - y)[2]!;
      // both pay one scrypt; the database write of the count is small beside it
      expect(median(unknown) / median(partner)).toBeGreaterThan(0.4);
      expect(median(unknown) / median(partner)).toBeLessThan(2.5);
      await s.app.db.updateTable('member').set({ failed_logins: 0 }).where('mem_id', '=', 'ptn5').execute();
    });
  });

  describe('account edit needs the current password', () => {
    const form = { memPass: 'changed1!', memPassCheck: 'changed1!', cashOutPass: '9876', cashOutPassCheck: '9876' };
    it('refuses a missing or wrong current password with U121, counted toward the lock', async () => {
      const token = await s.login('user6');
      const before = await member('user6');
      expect((await s.call(memberCalls.update, form, token)).resultCode).toBe('U121');
      expect((await s.call(memberCalls.update, { ...form, curPass: 'nope1234' }, token)).resultCode).toBe('U121');
      const after = await member('user6');
      expect(after.pass_hash).toBe(before.pass_hash);
      expect(after.cash_out_pass_hash).toBe(before.cash_out_pass_hash);
      expect(after.failed_logins).toBe(2);
      for (let i = 0; i < 6; i++) expect((await s.call(memberCalls.update, { ...form, curPass: `nope${i}` }, token)).resultCode).toBe('U121');
      // the ninth wrong one locks the account and ends the session that asked
      expect((await s.call(memberCalls.update, { ...form, curPass: 'nope-last' }, token)).resultCode).toBe('U003');
      expect((await s.call(memberCalls.info, {}, token)).resultCode).toBe('TK001');
      expect((await member('user6')).pass_hash).toBe(before.pass_hash);
    });

    it('changes both passwords with the right one', async () => {
      const token = await s.login('user7');
      expect((await s.call(memberCalls.update, { ...form, curPass: PASS }, token)).resultCode).toBe('0');
      expect((await playerLogin('user7', 'changed1!')).resultCode).toBe('0');
    });
  });

  describe('withdrawal password attempt limit', () => {
    const withdraw = (token: string, cashOutPass: string) => s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass, requestId: `w-${Math.random()}` }, token);

    it('locks withdrawals after 5 wrong tries (C011), even for the right one, and resets on success', async () => {
      const token = await s.login('user8');
      // each wrong one says how many tries are left before the lock
      for (let i = 0; i < 4; i++) expect(await withdraw(token, '0000')).toMatchObject({ resultCode: 'C008', data: { triesLeft: 4 - i } });
      expect((await withdraw(token, '0000')).resultCode).toBe('C011');
      expect((await withdraw(token, '1234')).resultCode).toBe('C011');
      const m = await member('user8');
      expect(new Date(m.out_locked_until!).getTime()).toBeGreaterThan(s.now() + 29 * 60_000);
      await s.app.db
        .updateTable('member')
        .set({ out_locked_until: new Date(s.now() - 1000) })
        .where('id', '=', m.id)
        .execute();
      // a lock that ran out starts the count afresh
      expect(await withdraw(token, '0000')).toMatchObject({ resultCode: 'C008', data: { triesLeft: 4 } });
      expect((await withdraw(token, '1234')).resultCode).toBe('0');
      expect((await member('user8')).out_pass_fails).toBe(0);
    });

    it('holds under parallel guesses: at most 4 wrong answers before the lock', async () => {
      const token = await s.login('user9');
      const guesses = Array.from({ length: 40 }, (_, i) => String(1000 + i * 7).padStart(4, '0')).filter((g) => g !== '1234');
      const codes = (await Promise.all(guesses.map((g) => withdraw(token, g)))).map((r) => r.resultCode);
      expect(codes.filter((c) => c === 'C008').length).toBe(4);
      expect(codes.filter((c) => c === 'C011').length).toBe(guesses.length - 4);
      expect((await withdraw(token, '1234')).resultCode).toBe('C011');
    });
  });

  describe('game launch tokens end with the session', () => {
    const launch = async (token: string) => {
      const g = await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, token);
      expect(g.resultCode).toBe('0');
      return g.data!.token as string;
    };
    const spin = (t: string) => s.call(demoCalls.slotSpin, { t, bet: 1_000 });

    it('after logout, a newer login, a forced sign-out and a login block', async () => {
      let token = await s.login('user10');
      let t = await launch(token);
      expect((await spin(t)).resultCode).toBe('0');
      await s.call(memberCalls.logout, {}, token);
      expect((await spin(t)).resultCode).toBe('TK002');

      token = await s.login('user10');
      t = await launch(token);
      await s.login('user10');
      expect((await spin(t)).resultCode).toBe('TK999');
      expect((await s.call(demoCalls.session, { t })).resultCode).toBe('TK999');

      token = await s.login('user10');
      t = await launch(token);
      expect((await s.call(adminSiteCalls.forceLogout, { memId: 'user10' }, await adminToken())).resultCode).toBe('0');
      expect((await spin(t)).resultCode).toBe('TK002');

      token = await s.login('user1');
      t = await launch(token);
      expect((await s.call(partnerCalls.detailInfoSave, { memId: 'user1', memNick: 'user1_nick', loginYn: 'N' }, await s.login('ptn7'))).resultCode).toBe('0');
      expect((await spin(t)).resultCode).toBe('TK002');
    });
  });

  describe('session lifetime', () => {
    it('getToken never extends a session past 24 hours from its login', async () => {
      const token = await s.login('user11');
      const id = (await member('user11')).id;
      const created = new Date(s.now() - 24 * 3600_000 + 10 * 60_000);
      await s.app.db
        .updateTable('session')
        .set({ created_at: created, expires_at: new Date(s.now() + 3 * 60_000) })
        .where('member_id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
      const r = await s.call(memberCalls.getToken, {}, token);
      expect(r.resultCode).toBe('0');
      expect(r.data!.expiresIn).toBeLessThanOrEqual(10 * 60);
      expect(r.data!.expiresIn).toBeGreaterThan(9 * 60);
    });
  });

  describe('nicknames', () => {
    const form = (memNick: string, n: number) => ({
      memId: `nick${n}x`,
      memPass: 'fresh123!',
      memPassCheck: 'fresh123!',
      memPhone: `010-4${n}00-1000`,
      memNick,
      memName: 'NICK',
      bank: 'KB',
      bankacc: `77${n}0001`,
      cashOutPass: '1234',
      cashOutPassCheck: '1234',
      recommenderId: 'ptn7',
    });
    it('refuses bidi controls, zero-width and other invisible characters with U105, at signup, nickname check and partner creation', async () => {
      const bad = ['abc\u200Bdef', 'abc\u202Edef', 'abc\u2066def', '\uFEFFabcdef', 'abc\u200Ddef', 'abc\u00ADdef', 'abc\u2028def'];
      let n = 10;
      for (const nick of bad) {
        expect((await s.call(memberCalls.signup, form(nick, n++))).resultCode, JSON.stringify(nick)).toBe('U105');
        expect((await s.call(memberCalls.checkNickname, { memNick: nick })).resultCode).toBe('U105');
      }
      const ptn7 = await s.login('ptn7');
      const join = { ...form('abc\u200Bdef', 40), bankacc: '7740001' };
      expect((await s.call(partnerCalls.partnerJoin, join, ptn7)).resultCode).toBe('U105');
    });

    it('folds full-width look-alikes (NFKC) onto the nickname they imitate', async () => {
      expect((await s.call(memberCalls.checkNickname, { memNick: 'ｕｓｅｒ１_nick' })).data).toEqual({ available: false });
      expect((await s.call(memberCalls.signup, form('ｕｓｅｒ２_nick', 50))).resultCode).toBe('U110');
      expect((await s.call(memberCalls.signup, form('ｆｒｅｓｈ_nick', 51))).resultCode).toBe('0');
      expect((await member('nick51x')).mem_nick).toBe('fresh_nick');
    });
  });

  describe('upline ids in partner filters', () => {
    it('reportByUser with an upline id as the upper filter finds nothing', async () => {
      const ptn5 = await s.login('ptn5');
      const own = await s.call(statsCalls.reportByUser, { searchRecommandId: 'ptn6' }, ptn5);
      expect(own.resultCode).toBe('0');
      expect(own.data!.pageInfo.tatal_list_count).toBeGreaterThan(0);
      for (const upline of ['ptn4', 'ptn1']) {
        const r = await s.call(statsCalls.reportByUser, { searchRecommandId: upline }, ptn5);
        expect(r.resultCode).toBe('0');
        expect(r.data!.searchList).toEqual([]);
        expect(r.data!.pageInfo.tatal_list_count).toBe(0);
      }
    });
  });

  describe('audit log', () => {
    it('records every operator action, not reads, with secrets left out, and pages', async () => {
      const admin = await adminToken();
      const before = (await s.call(adminSecurityCalls.auditList, { page: 1 }, admin)).data!.pageInfo.tatal_list_count;
      await s.call(adminSiteCalls.lockBet, { lockBetYn: 'Y' }, admin);
      await s.call(adminSiteCalls.lockBet, { lockBetYn: 'N' }, admin);
      await s.call(adminCalls.cashList, {}, admin);
      await s.call(adminSiteCalls.siteState, {}, admin);
      await s.call(adminCalls.grant, { memId: 'user14', cashAmt: 5_000, mode: 2, requestId: 'audit-grant-1' }, admin);
      const page1 = await s.call(adminSecurityCalls.auditList, { page: 1, count_per_list: 2 }, admin);
      expect(page1.data!.pageInfo).toEqual({ page: 1, count_per_list: 2, tatal_list_count: before + 3 });
      expect(page1.data!.list.map((a: { action: string }) => a.action)).toEqual([adminCalls.grant.path, adminSiteCalls.lockBet.path]);
      expect(page1.data!.list[0]).toMatchObject({ target: 'memId=user14', after: { memId: 'user14', cashAmt: 5_000, mode: 2 } });
      const page2 = await s.call(adminSecurityCalls.auditList, { page: 2, count_per_list: 2 }, admin);
      expect(page2.data!.list[0]).toMatchObject({ action: adminSiteCalls.lockBet.path, after: { lockBetYn: 'Y' } });
      expect(JSON.stringify(page1.data)).not.toContain(PASS);
    });
  });

  describe('live sockets per session', () => {
    const connect = async (token: string) => {
      const ws = new WebSocket(s.url.replace('http', 'ws') + '/ws');
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const first = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
      ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n\n\0`);
      return { ws, frame: await first };
    };
    it('refuses the sixth CONNECT of one session with an ERROR frame; another session still connects', async () => {
      const token = await s.login('user15');
      const socks = [];
      for (let i = 0; i < 5; i++) {
        const c = await connect(token);
        expect(c.frame.startsWith('CONNECTED')).toBe(true);
        socks.push(c.ws);
      }
      const sixth = await connect(token);
      expect(sixth.frame.startsWith('ERROR')).toBe(true);
      expect(sixth.frame).toContain('code:R429');
      const other = await connect(await s.login('user16'));
      expect(other.frame.startsWith('CONNECTED')).toBe(true);
      socks[0]!.close();
      await new Promise((r) => setTimeout(r, 200));
      const again = await connect(token);
      expect(again.frame.startsWith('CONNECTED')).toBe(true);
      for (const w of [...socks, sixth.ws, other.ws, again.ws]) w.close();
    });
  });
});
