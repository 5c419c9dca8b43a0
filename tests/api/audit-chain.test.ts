import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain, writeAudit } from '../../src/server/domain/site/audit.js';
import { rekeyAuditChains } from '../../src/server/domain/site/auditChain.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

// the key kept outside the database, as a deployment sets it
process.env.PITBOSS_AUDIT_KEY ??= 'audit-key-for-the-chain-tests-0123456789';

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
    // the database's own digest cannot stand in for the key: the row stays broken
    await sql`update audit_log a set hash = audit_row_digest(a.prev_hash, a) where id = ${victim}`.execute(s.app.db);
    expect(await verifyAuditChain(s.app.db, s.siteId)).toMatchObject({ ok: false, auditIdx: victim, seq: 6, reason: 'content' });
  });

  it("fails the verify script when a row is deleted and the chain re-chained with the database's own functions", async () => {
    const other = await startTestServer();
    try {
      for (let i = 0; i < 5; i++)
        await writeAudit(other.app.db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/r/${i}`, ip: null, at: new Date() });
      expect((await verifyAuditChain(other.app.db, other.siteId)).ok).toBe(true);
      // the attacker's edit: one row gone, every later row renumbered and re-hashed, the head set to the new last row
      await sql`
        do $$
        declare r audit_log; h bytea; n bigint := 0; site text := ${sql.lit(other.siteId)};
        begin
          delete from audit_log where id = (select id from audit_log where site_id = site order by seq offset 2 limit 1);
          h := decode(repeat('00', 32), 'hex');
          for r in select * from audit_log where site_id = site order by seq loop
            n := n + 1; r.seq := n; r.prev_hash := h;
            h := audit_row_digest(h, r);
            update audit_log set seq = n, prev_hash = r.prev_hash, hash = h where id = r.id;
          end loop;
          update audit_chain_head set last_seq = n, last_hash = h where site_id = site;
        end $$`.execute(other.app.db);
      expect(await verifyAuditChain(other.app.db, other.siteId)).toMatchObject({ ok: false, seq: 1, reason: 'content' });
      // nor does marking them as rows from before the key pass
      await sql`update audit_log set keyed = false where site_id = ${other.siteId}`.execute(other.app.db);
      expect(await verifyAuditChain(other.app.db, other.siteId)).toMatchObject({ ok: false, seq: 1, reason: 'content' });
    } finally {
      await other.close();
    }
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

  it('re-signs a chain written before the key at start, and leaves a broken one for the verify to name', async () => {
    const other = await startTestServer();
    try {
      for (let i = 0; i < 3; i++)
        await writeAudit(other.app.db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/k/${i}`, ip: null, at: new Date() });
      // as migration 190 wrote them: plain SHA-256 rows
      await sql`
        do $$
        declare r audit_log; h bytea := decode(repeat('00', 32), 'hex'); site text := ${sql.lit(other.siteId)};
        begin
          for r in select * from audit_log where site_id = site order by seq loop
            r.prev_hash := h; r.keyed := false;
            h := audit_row_digest(h, r);
            update audit_log set prev_hash = r.prev_hash, hash = h, keyed = false where id = r.id;
          end loop;
          update audit_chain_head set last_hash = h where site_id = site;
        end $$`.execute(other.app.db);
      expect((await verifyAuditChain(other.app.db, other.siteId)).ok).toBe(false);
      expect(await rekeyAuditChains(other.app.db)).toEqual([]);
      expect((await verifyAuditChain(other.app.db, other.siteId)).ok).toBe(true);
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
