import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain, writeAudit } from '../../src/server/domain/site/audit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`tamper-evident audit log (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 600_000);
  afterAll(() => s?.close());

  const write = (i: number) =>
    writeAudit(s.app.db, {
      siteId: s.siteId,
      actorId: null as unknown as number,
      actor: 'admin',
      action: `/test/${i}`,
      target: `n=${i}`,
      before: { i },
      after: { i: i + 1 },
      ip: '10.0.0.1',
      at: new Date(),
    });
  const ids = async () => (await s.app.db.selectFrom('audit_log').select('id').where('site_id', '=', s.siteId).orderBy('seq').execute()).map((r) => Number(r.id));

  it('chains every row, concurrent writers included, and the verify finds it intact', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => write(i)));
    const v = await verifyAuditChain(s.app.db, s.siteId);
    expect(v).toEqual({ ok: true, rows: (await ids()).length });
  });

  it('names the first broken row when a row is edited in the database', async () => {
    const all = await ids();
    const victim = all[5]!;
    await sql`update audit_log set after = '{"i": 999}'::jsonb where id = ${victim}`.execute(s.app.db);
    expect(await verifyAuditChain(s.app.db, s.siteId)).toMatchObject({ ok: false, auditIdx: victim, seq: 6, reason: 'content' });
    // rewriting that row's own hash moves the break to the link of the next row
    await sql`update audit_log a set hash = audit_row_digest(a.prev_hash, a) where id = ${victim}`.execute(s.app.db);
    expect(await verifyAuditChain(s.app.db, s.siteId)).toMatchObject({ ok: false, auditIdx: all[6], seq: 7, reason: 'link' });
  });

  it('answers the verify call to the operator only, and it names a row edited in the database', async () => {
    const other = await startTestServer();
    try {
      const admin = await other.login('admin');
      const verify = async (token: string) => other.post('/api/admin/audit/verify', {}, token);
      for (let i = 0; i < 3; i++)
        await writeAudit(other.app.db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/v/${i}`, ip: null, at: new Date() });
      const ok = await verify(admin);
      expect(ok).toMatchObject({ resultCode: '0', data: { ok: true, auditIdx: null, reason: null } });
      expect(ok.data.rows).toBeGreaterThanOrEqual(3);
      expect((await verify(await other.login('ptn1'))).resultCode).toBe('A001');
      expect((await verify(await other.login('user1'))).resultCode).toBe('A001');

      const rows = await other.app.db.selectFrom('audit_log').select('id').where('site_id', '=', other.siteId).orderBy('seq').execute();
      const victim = Number(rows[1]!.id);
      await sql`update audit_log set target = 'memId=someone-else' where id = ${victim}`.execute(other.app.db);
      expect((await verify(admin)).data).toMatchObject({ ok: false, auditIdx: victim, seq: 2, reason: 'content' });
    } finally {
      await other.close();
    }
  });

  it('sees a row cut from the end', async () => {
    const other = await startTestServer();
    try {
      for (let i = 0; i < 3; i++)
        await writeAudit(other.app.db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/t/${i}`, ip: null, at: new Date() });
      expect((await verifyAuditChain(other.app.db, other.siteId)).ok).toBe(true);
      await sql`delete from audit_log where id = (select max(id) from audit_log where site_id = ${other.siteId})`.execute(other.app.db);
      expect(await verifyAuditChain(other.app.db, other.siteId)).toMatchObject({ ok: false, reason: 'tail' });
    } finally {
      await other.close();
    }
  });
});
