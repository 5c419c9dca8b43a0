import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '../../src/contract/platform.js';
import { platformOpsCalls } from '../../src/contract/platformOps.js';
import { verifyAuditChain, writeAudit } from '../../src/server/domain/site/audit.js';
import { openedSite, platformOwner, postJson } from './platformKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { adminCalls } from '../../src/contract/admin.js';

describe(`a broken audit chain shown on the operator's home and the console (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  let owner: string;
  let admin: string;
  const dashboard = async () => (await s.loose(admin)(adminCalls.dashboard, {})).data;
  const detail = async (prefix: string) => (await postJson(s, platformOpsCalls.site.path, { prefix }, { token: owner })).data;
  const listed = async (prefix: string) => (await postJson(s, platformCalls.sites.path, {}, { token: owner })).data.list.find((x: { prefix: string }) => x.prefix === prefix);

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
    admin = await s.login('admin');
    await openedSite(s, owner, 'clean');
    for (let i = 0; i < 4; i++) await writeAudit(s.app.db, { siteId: s.siteId, actorId: null as unknown as number, actor: 'admin', action: `/b/${i}`, ip: null, at: new Date() });
  }, 600_000);
  afterAll(() => s?.close());

  it('carries null while the chain verifies intact', async () => {
    expect((await verifyAuditChain(s.app.db, s.siteId)).ok).toBe(true);
    expect((await dashboard()).auditBroken).toBeNull();
    expect((await detail('demo')).auditBroken).toBeNull();
    expect((await listed('demo')).auditBroken).toBeNull();
  });

  it('names the first broken row once the verify finds the chain cut, on the dashboard, the site page and the list', async () => {
    // a row edited in the database: the verify (the one the server runs at start) names it
    const before = await verifyAuditChain(s.app.db, s.siteId);
    const rows = await s.app.db.selectFrom('audit_log').select(['id', 'seq']).where('site_id', '=', s.siteId).orderBy('seq').execute();
    const victim = rows[1]!;
    await sql`update audit_log set action = '/edited' where id = ${victim.id}`.execute(s.app.db);
    const v = await verifyAuditChain(s.app.db, s.siteId);
    expect(before.ok).toBe(true);
    expect(v).toMatchObject({ ok: false, seq: Number(victim.seq) });
    const broken = { seq: Number(victim.seq) };
    expect((await dashboard()).auditBroken).toEqual(broken);
    expect((await detail('demo')).auditBroken).toEqual(broken);
    expect((await listed('demo')).auditBroken).toEqual(broken);
    // another site's intact chain stays clean
    expect((await detail('clean')).auditBroken).toBeNull();
    expect((await listed('clean')).auditBroken).toBeNull();
  });
});
