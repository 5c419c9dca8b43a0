import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDb } from '../../src/server/db/driver.js';
import type { Db } from '../../src/server/db/driver.js';
import { platformAudit, verifyPlatformAudit } from '../../src/server/domain/platform/platformAudit.js';
import { verifyAuditChain, writeAudit } from '../../src/server/domain/site/audit.js';
import { anchorHeads, readAnchors, useAuditHeadsFile } from '../../src/server/domain/site/auditAnchor.js';
import { rekeyAuditChains } from '../../src/server/domain/site/auditChain.js';
import { changeAuditKey } from '../../src/server/domain/site/auditRekey.js';
import { systemClock } from '../../src/server/clock.js';
import { refusalExit } from '../../src/server/ops/refusal.js';
import { freshPostgres, startTestServer, templateDatabase, testDb, type TestServer } from './harness.js';
import { cli, oneLine } from './opsCli.js';
import { adminSecurityCalls } from '../../src/contract/admin.js';

// the key kept outside the database, as a deployment sets it (for this file only: the run's files share one process)
const AUDIT_KEY = 'audit-key-for-the-chain-tests-0123456789abcdef';

describe(`tamper-evident audit log (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    vi.stubEnv('PITBOSS_AUDIT_KEY', AUDIT_KEY);
    s = await startTestServer();
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    vi.unstubAllEnvs();
  });

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
      const verify = async (token: string) => other.loose(token)(adminSecurityCalls.auditVerify, {});
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
      // a plain chain whose tail was cut is not re-signed: that would hide the cut
      const last = await other.app.db.selectFrom('audit_log').selectAll().where('site_id', '=', other.siteId).orderBy('seq', 'desc').executeTakeFirstOrThrow();
      await other.app.db.deleteFrom('audit_log').where('id', '=', last.id).execute();
      expect(await rekeyAuditChains(other.app.db)).toEqual([other.siteId]);
      await other.app.db.insertInto('audit_log').values(last).execute();
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

  describe('heads anchored outside the database', () => {
    const rechainPlain = (siteId: string) => sql`
      do $$
      declare r audit_log; h bytea := decode(repeat('00', 32), 'hex'); site text := ${sql.lit(siteId)};
      begin
        for r in select * from audit_log where site_id = site order by seq loop
          r.prev_hash := h; r.keyed := false;
          h := audit_row_digest(h, r);
          update audit_log set prev_hash = r.prev_hash, hash = h, keyed = false where id = r.id;
        end loop;
        update audit_chain_head set last_hash = h where site_id = site;
      end $$`;
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'pitboss-heads-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('fails the verify when the last row is deleted and the head moved back, and does not anchor the cut', async () => {
      const file = join(dir, 'cut.jsonl');
      const other = await startTestServer({ metricsToken: 'scrape-me', auditHeadsFile: file });
      const db = other.app.db;
      try {
        for (let i = 0; i < 4; i++) await writeAudit(db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/h/${i}`, ip: null, at: new Date() });
        // what the periodic step (and the shutdown) does: the heads anchored, signed, mode 0600
        expect((await anchorHeads(db, AUDIT_KEY, file)).written).toBeGreaterThan(0);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const rows = (await verifyAuditChain(db, other.siteId)).rows;
        // the attacker's edit: the last row gone, the head moved back to the row before
        await sql`
          delete from audit_log where id = (select id from audit_log where site_id = ${other.siteId} order by seq desc limit 1)`.execute(db);
        await sql`
          update audit_chain_head h set last_seq = a.seq, last_hash = a.hash
          from audit_log a where a.site_id = h.site_id and h.site_id = ${other.siteId} and a.seq = h.last_seq - 1`.execute(db);
        expect(await verifyAuditChain(db, other.siteId)).toMatchObject({ ok: false, seq: rows, auditIdx: null, reason: 'tail', anchored: { seq: rows } });
        const api = await other.loose(await other.login('admin'))(adminSecurityCalls.auditVerify, {});
        expect(api.data).toMatchObject({ ok: false, seq: rows, reason: 'tail' });
        // the next anchoring does not take the shorter head: the file still holds the longer one
        expect(await anchorHeads(db, AUDIT_KEY, file)).toMatchObject({ written: 0, behind: [{ anchor: { chain: `site:${other.siteId}`, seq: rows } }] });
        const gauge = (await (await other.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer scrape-me' } })).text()).match(
          /^pitboss_audit_chain_broken_sites (\d+)$/m,
        );
        expect(Number(gauge?.[1])).toBeGreaterThanOrEqual(1);
        // a line edited by hand (no key) is not an anchor
        const lines = readFileSync(file, 'utf8').trim().split('\n');
        const forged = { ...JSON.parse(lines[0]!), seq: 1 };
        writeFileSync(file, JSON.stringify(forged) + '\n');
        expect(readAnchors(AUDIT_KEY, file)).toEqual({ anchors: [], unsigned: 1 });
      } finally {
        useAuditHeadsFile(null);
        await other.close();
      }
    });

    it('does not re-sign rows marked unkeyed and re-chained with the database digest: a start refuses, the verify and the gauge show it', async () => {
      const file = join(dir, 'plain.jsonl');
      const other = await startTestServer({ metricsToken: 'scrape-me', auditHeadsFile: file });
      const db = other.app.db;
      try {
        for (let i = 0; i < 3; i++) await writeAudit(db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/p/${i}`, ip: null, at: new Date() });
        await anchorHeads(db, AUDIT_KEY, file);
        await sql`update audit_log set target = 'memId=someone-else' where id = (select id from audit_log where site_id = ${other.siteId} and seq = 2)`.execute(db);
        // the attacker's laundering: every row marked as from before the key and re-chained with the database's own digest
        await rechainPlain(other.siteId).execute(db);
        expect((await verifyAuditChain(db, other.siteId)).ok).toBe(false);
        // what every start runs: the chain is not re-signed
        expect(await rekeyAuditChains(db)).toEqual([other.siteId]);
        expect(await verifyAuditChain(db, other.siteId)).toMatchObject({ ok: false, seq: 1, reason: 'content' });
        expect((await other.loose(await other.login('admin'))(adminSecurityCalls.auditVerify, {})).data).toMatchObject({ ok: false, seq: 1 });
        const gauge = (await (await other.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer scrape-me' } })).text()).match(
          /^pitboss_audit_chain_broken_sites (\d+)$/m,
        );
        expect(Number(gauge?.[1])).toBeGreaterThanOrEqual(1);
      } finally {
        useAuditHeadsFile(null);
        await other.close();
      }
    });

    it('without a heads file either: once the database ran under the key, unkeyed rows are refused', async () => {
      const other = await startTestServer();
      const db = other.app.db;
      try {
        for (let i = 0; i < 3; i++) await writeAudit(db, { siteId: other.siteId, actorId: null as unknown as number, actor: 'admin', action: `/q/${i}`, ip: null, at: new Date() });
        await platformAudit({ db, clock: systemClock(0) }, { id: null, loginId: 'owner' }, 'site.suspend', {});
        await rechainPlain(other.siteId).execute(db);
        expect(await rekeyAuditChains(db)).toEqual([other.siteId]);
        expect((await verifyAuditChain(db, other.siteId)).ok).toBe(false);
      } finally {
        await other.close();
      }
    });
  });

  describe('changing the audit key', () => {
    const K = AUDIT_KEY;
    const B = 'the-next-audit-key-after-rotation-0123456789';
    const fill = async (db: Db, siteId: string, n: number) => {
      for (let i = 0; i < n; i++)
        await writeAudit(db, { siteId, actorId: null as unknown as number, actor: 'admin', action: `/rk/${i}`, target: `n=${i}`, ip: null, at: new Date() });
      for (let i = 0; i < 2; i++) await platformAudit({ db, clock: systemClock(0) }, { id: null, loginId: 'owner' }, 'site.suspend', { i });
    };
    // every hash and head as it stands, to show a refusal changed nothing
    const hashes = async (db: Db) => ({
      site: (await db.selectFrom('audit_log').select(['id', 'hash', 'prev_hash']).orderBy('id').execute()).map((r) => [
        r.id,
        Buffer.from(r.hash!).toString('hex'),
        Buffer.from(r.prev_hash!).toString('hex'),
      ]),
      heads: (await db.selectFrom('audit_chain_head').selectAll().orderBy('site_id').execute()).map((r) => [r.site_id, r.last_seq, Buffer.from(r.last_hash).toString('hex')]),
      platform: (await db.selectFrom('platform_audit').select(['seq', 'hash']).orderBy('seq').execute()).map((r) => [r.seq, Buffer.from(r.hash).toString('hex')]),
    });

    it("re-signs every chain (the sites' and the platform's) from the old key to the new: the new key verifies them, the old one no longer, appends go on", async () => {
      const other = await startTestServer();
      const db = other.app.db;
      try {
        await fill(db, other.siteId, 4);
        const rows = (await verifyAuditChain(db, other.siteId)).rows;
        expect(await verifyPlatformAudit(db)).toMatchObject({ ok: true });
        const r = await changeAuditKey(db, K, B);
        expect(r.ok).toBe(true);
        expect(r.ok && r.chains).toContainEqual({ name: 'demo', rows });
        expect(r.ok && r.chains.at(-1)).toMatchObject({ name: 'platform' });
        expect(await verifyAuditChain(db, other.siteId, B)).toEqual({ ok: true, rows });
        expect((await verifyPlatformAudit(db, B)).ok).toBe(true);
        expect(await verifyAuditChain(db, other.siteId, K)).toMatchObject({ ok: false, seq: 1, reason: 'content' });
        expect(await verifyPlatformAudit(db, K)).toMatchObject({ ok: false, seq: 1, reason: 'content' });
        // a server started with the new key appends to the re-signed chains
        vi.stubEnv('PITBOSS_AUDIT_KEY', B);
        try {
          await fill(db, other.siteId, 1);
          expect(await verifyAuditChain(db, other.siteId)).toEqual({ ok: true, rows: rows + 1 });
          expect((await verifyPlatformAudit(db)).ok).toBe(true);
        } finally {
          vi.stubEnv('PITBOSS_AUDIT_KEY', K);
        }
      } finally {
        await other.close();
      }
    });

    it('refuses when any chain is broken under the old key, naming its first broken row, and changes no chain', async () => {
      const other = await startTestServer();
      const db = other.app.db;
      try {
        await fill(db, other.siteId, 4);
        const victim = (await db.selectFrom('audit_log').select('id').where('site_id', '=', other.siteId).orderBy('seq').offset(2).limit(1).executeTakeFirstOrThrow()).id;
        await sql`update audit_log set target = 'memId=someone-else' where id = ${victim}`.execute(db);
        const before = await hashes(db);
        expect(await changeAuditKey(db, K, B)).toEqual({
          ok: false,
          name: 'demo',
          verdict: expect.objectContaining({ auditIdx: Number(victim), seq: 3, reason: 'content' }),
          resigned: [],
        });
        expect(await hashes(db)).toEqual(before);
        // the platform's chain comes last, and is checked before any site's is touched
        await sql`update audit_log set target = 'n=2' where id = ${victim}`.execute(db);
        expect((await verifyAuditChain(db, other.siteId)).ok).toBe(true);
        await db.updateTable('platform_audit').set({ actor: 'someone' }).where('seq', '=', 2).execute();
        const intactSites = await hashes(db);
        expect(await changeAuditKey(db, K, B)).toMatchObject({ ok: false, name: 'platform', verdict: { seq: 2, reason: 'content' }, resigned: [] });
        expect(await hashes(db)).toEqual(intactSites);
        // a wrong old key is a broken chain too
        await db.updateTable('platform_audit').set({ actor: 'owner' }).where('seq', '=', 2).execute();
        expect(await changeAuditKey(db, 'not-the-key-they-were-signed-under', B)).toMatchObject({ ok: false, verdict: { seq: 1, reason: 'content' }, resigned: [] });
        expect(await hashes(db)).toEqual(intactSites);
      } finally {
        await other.close();
      }
    });

    it('audit:rekey on the command line: verify under the new key answers OK, under the old one fails; refused with a server on the database', async () => {
      // a database no server holds, copied from the run's seeded one
      const template = inject('dbTemplate');
      const dir = mkdtempSync(join(tmpdir(), 'pitboss-rekey-'));
      let env: Record<string, string>;
      let drop = async () => {};
      if (testDb === 'postgres') {
        const fresh = await freshPostgres(templateDatabase());
        env = { DATABASE_URL: fresh.url, PITBOSS_AUDIT_HEADS_FILE: join(dir, 'heads.jsonl') };
        drop = fresh.drop;
      } else {
        const { PGlite } = await import('@electric-sql/pglite');
        if (template.kind !== 'pglite') throw new Error('a PGlite run has a snapshot');
        await (await PGlite.create(join(dir, 'data'), { loadDataDir: new Blob([readFileSync(template.snapshot)]) })).close();
        env = { PITBOSS_DATA: join(dir, 'data'), PITBOSS_AUDIT_HEADS_FILE: join(dir, 'heads.jsonl') };
      }
      try {
        const h = await openDb({ url: env.DATABASE_URL, dataDir: join(dir, 'data'), pgliteThread: 'main' });
        const siteId = (await h.db.selectFrom('site').select('id').where('prefix', '=', 'demo').executeTakeFirstOrThrow()).id;
        try {
          await fill(h.db, siteId, 3);
          // as a database from before the secrets file keeps it when PITBOSS_AUDIT_KEY differs: for this re-sign
          await h.db
            .insertInto('auth_secret')
            .values({ name: 'audit-chain', secret: K })
            .onConflict((oc) => oc.column('name').doUpdateSet({ secret: K }))
            .execute();
          if (testDb === 'postgres') {
            // a server (here: this session) still on the database: refused before anything is read
            const busy = await cli(['audit-rekey'], { ...env, PITBOSS_AUDIT_OLD_KEY: K, PITBOSS_AUDIT_KEY: B });
            expect(busy.code).toBe(refusalExit['in-use']);
            expect(busy.out).toContain('other session(s) on the database: stop every server first');
            oneLine(busy.out);
          }
        } finally {
          await h.close();
        }
        // the chains' lines (the first names the heads file and what it holds)
        const verify = async (key: string) => {
          const r = await cli(['audit-verify'], { ...env, PITBOSS_AUDIT_KEY: key });
          return { code: r.code, out: r.out.replace(/^heads file .*\n/, '') };
        };
        const underK = await verify(K);
        expect(underK).toMatchObject({ code: 0 });
        expect(underK.out).toMatch(/^demo: OK \(\d+ rows\)$/m);
        expect(underK.out).toMatch(/^platform: OK \(2 rows\)$/m);

        const noOld = await cli(['audit-rekey'], { ...env, PITBOSS_AUDIT_KEY: B });
        expect(noOld.code).toBe(refusalExit['no-key']);
        oneLine(noOld.out);
        const wrongOld = await cli(['audit-rekey'], { ...env, PITBOSS_AUDIT_OLD_KEY: 'not-the-key-they-were-signed-under', PITBOSS_AUDIT_KEY: B });
        expect(wrongOld.code).toBe(refusalExit['chain-broken']);
        expect(wrongOld.out).toMatch(/^demo: BROKEN at row 1 \(audit id \d+\): content under PITBOSS_AUDIT_OLD_KEY; nothing re-signed$/);
        expect(await verify(K)).toEqual(underK);

        const rekey = await cli(['audit-rekey'], { ...env, PITBOSS_AUDIT_OLD_KEY: K, PITBOSS_AUDIT_KEY: B });
        expect(rekey.code).toBe(0);
        expect(rekey.out).toMatch(/^demo: re-signed \(\d+ rows\)$/m);
        expect(rekey.out).toMatch(/^platform: re-signed \(2 rows\)$/m);
        expect(rekey.out).toMatch(/^the old key the database held \(auth_secret audit-chain\) is deleted$/m);
        expect(await verify(B)).toEqual(underK);
        const old = await verify(K);
        expect(old.code).toBe(1);
        expect(old.out).toMatch(/^demo: BROKEN at row 1 \(audit id \d+\): content$/m);
        expect(old.out).toMatch(/^platform: BROKEN at row 1 \(audit id \d+\): content$/m);

        // the re-sign anchored the heads under the new key: a cut tail fails the command
        const rows = Number(/^demo: OK \((\d+) rows\)$/m.exec(underK.out)![1]);
        const cutDb = await openDb({ url: env.DATABASE_URL, dataDir: join(dir, 'data'), pgliteThread: 'main' });
        try {
          const site = (await cutDb.db.selectFrom('site').select('id').where('prefix', '=', 'demo').executeTakeFirstOrThrow()).id;
          await sql`delete from audit_log where site_id = ${site} and seq = ${rows}`.execute(cutDb.db);
          await sql`update audit_chain_head h set last_seq = a.seq, last_hash = a.hash from audit_log a
                    where a.site_id = h.site_id and h.site_id = ${site} and a.seq = ${rows - 1}`.execute(cutDb.db);
        } finally {
          await cutDb.close();
        }
        const cut = await verify(B);
        expect(cut.code).toBe(1);
        expect(cut.out).toMatch(new RegExp(`^demo: BROKEN at row ${rows}: tail \\(the heads file anchored row ${rows} at [^)]+: rows were cut or rewritten\\)$`, 'm'));
      } finally {
        await drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 900_000);
  });
});
