/**
 * A partner's signup link (`/{prefix}/signup?ref=<memId>`): the public recommender call answers the
 * nickname of a partner that takes new members and one code (U107) for everyone else, so it
 * confirms only ids a partner hands out anyway; it shares the id check's limit per address. Signup
 * itself refuses the same recommenders.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../src/server/domain/auth/members.js';
import { buildHttp } from '../../src/server/http/app.js';
import { forgetSites } from '../../src/server/http/route.js';
import { memberCalls } from '../../src/contract/member.js';
import { injectCall, roomyLimits, startTestServer, testDb, type TestServer } from './harness.js';

describe(`signup links (${testDb})`, () => {
  let s: TestServer;
  const variants: FastifyInstance[] = [];
  beforeAll(async () => {
    s = await startTestServer();
    const ptn6 = await s.app.db.selectFrom('member').select('id').where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn6').executeTakeFirstOrThrow();
    const partner = (memId: string, status?: 'SUSPENDED') =>
      createMember(s.app.db, { siteId: s.siteId, memId, password: 'demo1234!', memNick: `${memId}_nick`, partnerLevel: 'PTN_7', loginType: 'PARTNER', parentId: ptn6.id, status });
    await partner('ptnblock');
    await s.app.db.updateTable('member').set({ login_yn: 'N' }).where('site_id', '=', s.siteId).where('mem_id', '=', 'ptnblock').execute();
    await partner('ptnsusp', 'SUSPENDED');
    // another site on the same deployment, with a partner of its own
    await s.app.db.insertInto('site').values({ id: 'other-site', prefix: 'othersite', name: 'Other', api_key: 'not-a-key', options: '{}' }).execute();
    await createMember(s.app.db, { siteId: 'other-site', memId: 'elsewhere', password: 'demo1234!', memNick: 'elsewhere_nick', partnerLevel: 'PTN_1', loginType: 'PARTNER' });
  });
  afterAll(async () => {
    await Promise.all(variants.map((f) => f.close()));
    await s?.close();
  });

  const recommender = (recommenderId?: string) => s.call(memberCalls.recommender, recommenderId === undefined ? {} : { recommenderId });
  let n = 0;
  const signup = (recommenderId: string) => {
    n++;
    return s.call(memberCalls.signup, {
      memId: `linked${n}`,
      memPass: 'fresh123!',
      memPassCheck: 'fresh123!',
      memPhone: `010-7777-000${n}`,
      memNick: `linked_${n}`,
      recommenderId,
      memName: '김링크',
      cashOutPass: '4321',
      cashOutPassCheck: '4321',
      bank: 'KB',
      bankacc: `777700000${n}`,
    });
  };
  const exists = async (memId: string) => !!(await s.app.db.selectFrom('member').select('id').where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirst());

  it("answers a partner's nickname when it takes new members", async () => {
    expect(await recommender('ptn7')).toMatchObject({ resultCode: '0', data: { memId: 'ptn7', memNick: expect.any(String) } });
    expect(await recommender(' ptn7 ')).toMatchObject({ resultCode: '0', data: { memId: 'ptn7' } });
  });

  it('answers U106 when empty and U107 alike for unknown ids, players, operators, suspended partners and other sites', async () => {
    expect((await recommender()).resultCode).toBe('U106');
    expect((await recommender('  ')).resultCode).toBe('U106');
    for (const id of ['nobody', 'user1', 'admin', 'ptnblock', 'ptnsusp', 'elsewhere', 'PTN7']) {
      const r = await recommender(id);
      expect(r.resultCode, id).toBe('U107');
      expect(r.data, id).toBeFalsy();
    }
  });

  it('answers U108 when the site takes no signups', async () => {
    const row = await s.app.db.selectFrom('site').select('options').where('id', '=', s.siteId).executeTakeFirstOrThrow();
    const set = async (o: Record<string, unknown>) => {
      await s.app.db
        .updateTable('site')
        .set({ options: JSON.stringify(o) })
        .where('id', '=', s.siteId)
        .execute();
      forgetSites();
    };
    await set({ ...row.options, signupClosed: true });
    expect((await recommender('ptn7')).resultCode).toBe('U108');
    await set(row.options);
    expect((await recommender('ptn7')).resultCode).toBe('0');
  });

  it('refuses signup under a partner blocked from signing in or suspended, and writes nothing', async () => {
    expect((await signup('ptnblock')).resultCode).toBe('U107');
    expect(await exists(`linked${n}`)).toBe(false);
    expect((await signup('ptnsusp')).resultCode).toBe('U107');
    expect(await exists(`linked${n}`)).toBe(false);
    expect((await signup('elsewhere')).resultCode).toBe('U107');
    expect((await signup('ptn7')).resultCode).toBe('0');
    expect(await exists(`linked${n}`)).toBe(true);
  });

  it('shares the id check’s limit per address', async () => {
    const f = await buildHttp({ ...s.app, config: { ...s.app.config, limits: { ...roomyLimits(), checkIdPerIp: { max: 4, windowMs: 60_000 } } } });
    await f.ready();
    variants.push(f);
    const ip = '10.92.0.1';
    const codes = [];
    codes.push((await injectCall(s, f, memberCalls.checkId.path, { memId: 'probe1' }, { ip })).resultCode);
    for (let i = 0; i < 4; i++) codes.push((await injectCall(s, f, memberCalls.recommender.path, { recommenderId: `ptn${i + 1}` }, { ip })).resultCode);
    expect(codes).toEqual(['0', '0', '0', '0', 'R429']);
    expect((await injectCall(s, f, memberCalls.checkId.path, { memId: 'probe2' }, { ip })).resultCode).toBe('R429');
    expect((await injectCall(s, f, memberCalls.recommender.path, { recommenderId: 'ptn7' }, { ip: '10.92.0.2' })).resultCode).toBe('0');
  });
});
