import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../src/contract/enums.js';
import { fireDuePushes } from '../../src/server/domain/site/scheduledPush.js';
import { inProcessPublisher, type Audience } from '../../src/server/live/publisher.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { adminSiteCalls } from '../../src/contract/site.js';

/** A maintenance window that starts later: stored, fired once across instances, not lost by a restart. */
describe(`scheduled INSPECT push (${testDb})`, () => {
  let s: TestServer;
  let admin: string;
  const events: { to: Audience; ev: LiveEvent }[] = [];
  const inspects = () => events.filter((e) => e.ev.type === 'INSPECT');
  const fmt = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const pending = async () => (await sql<{ n: string }>`select count(*) as n from scheduled_push where site_id = ${s.siteId} and fired_at is null`.execute(s.app.db)).rows[0].n;
  /** another API instance on the same database, with its own live publisher */
  const otherInstance = () => {
    const live = inProcessPublisher();
    live.onEvent((to, ev) => events.push({ to, ev }));
    return { db: s.app.db, clock: s.app.clock, live };
  };

  beforeAll(async () => {
    s = await startTestServer();
    s.app.live.onEvent((to, ev) => events.push({ to, ev }));
    admin = await s.login('admin');
  });
  afterAll(() => s?.close());

  it("stores a later window's push, fires it once at the start, and a new window replaces it", async () => {
    const now = Date.now();
    await s.call(adminSiteCalls.siteCheck, { startDate: fmt(new Date(now + 3 * 86400_000)), endDate: fmt(new Date(now + 4 * 86400_000)) }, admin);
    expect(Number(await pending())).toBe(1);
    const n = inspects().length;
    // whole seconds: the window opens two to three seconds from now, room for a slow call
    const r = await s.loose(admin)(adminSiteCalls.siteCheck, { startDate: fmt(new Date(Date.now() + 3000)), endDate: fmt(new Date(now + 3600_000)) });
    expect(r.data.inCheck).toBe(false);
    expect(Number(await pending())).toBe(1);
    const b = otherInstance();
    await vi.waitFor(() => expect(inspects().length).toBeGreaterThan(n), { timeout: 10_000, interval: 100 });
    // the other instance polls too: nothing left for it
    expect(await fireDuePushes(b)).toBe(0);
    expect(
      inspects()
        .slice(n)
        .map((e) => [e.ev.data1, 'all' in e.to]),
    ).toEqual([['Y', true]]);
    expect(Number(await pending())).toBe(0);
    await s.call(adminSiteCalls.siteCheck, {}, admin);
  });

  it('a push stored before a restart still fires, once, however many instances poll', async () => {
    const now = Date.now();
    // an active window whose pushes were stored by a process that stopped before firing them
    await s.app.db
      .updateTable('site')
      .set({ check_start: new Date(now - 60_000), check_end: new Date(now + 3600_000) })
      .where('id', '=', s.siteId)
      .execute();
    const n = inspects().length;
    await sql`insert into scheduled_push (site_id, kind, fire_at) select ${s.siteId}, 'INSPECT', ${new Date(now - 1000)}::timestamptz from generate_series(1, 12)`.execute(
      s.app.db,
    );
    const fired = await Promise.all([fireDuePushes(otherInstance()), fireDuePushes(otherInstance()), fireDuePushes(otherInstance())]);
    // the running server's own poller may take some of them: all 12 are sent, each once
    await vi.waitFor(() => expect(inspects().length - n).toBeGreaterThanOrEqual(12), { timeout: 10_000, interval: 100 });
    expect(fired.reduce((a, x) => a + x, 0)).toBeLessThanOrEqual(12);
    expect(inspects().length - n).toBe(12);
    expect(Number(await pending())).toBe(0);
    // a window that ended by the time its push is due sends nothing
    await s.app.db.updateTable('site').set({ check_start: null, check_end: null }).where('id', '=', s.siteId).execute();
    await sql`insert into scheduled_push (site_id, kind, fire_at) values (${s.siteId}, 'INSPECT', ${new Date(now - 1000)}::timestamptz)`.execute(s.app.db);
    const m = inspects().length;
    await new Promise((ok) => setTimeout(ok, 1500));
    expect(Number(await pending())).toBe(0);
    expect(inspects().length).toBe(m);
  });
});
