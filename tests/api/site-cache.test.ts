import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/driver.js';
import { SiteCache } from '../../src/server/domain/site/siteCache.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`site rows in memory (${testDb})`, () => {
  let s: TestServer;
  let reads = 0;
  let counted: Db;
  beforeAll(async () => {
    s = await startTestServer();
    // the same database, counting each site read the cache sends
    counted = new Proxy(s.app.db, {
      get(target, prop, receiver) {
        if (prop === 'selectFrom') reads++;
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  });
  afterAll(() => s?.close());

  it('sends one read for many calls at once', async () => {
    const cache = new SiteCache(counted, s.app.live);
    reads = 0;
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.getByPrefix('demo')));
    expect(reads).toBe(1);
    expect(new Set(all.map((x) => x?.id))).toEqual(new Set([s.siteId]));
    cache.close();
  });

  it('answers a lapsed row at once and reads its fresh copy behind it', async () => {
    const cache = new SiteCache(counted, s.app.live, { ttlMs: 30 });
    await cache.getByPrefix('demo');
    await new Promise((r) => setTimeout(r, 60));
    reads = 0;
    expect((await cache.getByPrefix('demo'))?.id).toBe(s.siteId);
    await expect.poll(() => reads).toBe(1);
    cache.close();
  });

  it('answers the row as it is now when an invalidation lands during its read', async () => {
    // site reads wait at a gate, so the invalidation surely lands while the first one is in flight
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const held = <T extends object>(b: T): T =>
      new Proxy(b, {
        get(t, p) {
          const v = Reflect.get(t, p);
          if (typeof v !== 'function') return v;
          if (p === 'executeTakeFirst') return async () => (await gate, v.call(t));
          return (...a: unknown[]) => held(v.apply(t, a));
        },
      });
    const gated = new Proxy(s.app.db, {
      get(t, p) {
        const v = Reflect.get(t, p);
        if (p === 'selectFrom') return (...a: unknown[]) => held(v.apply(t, a));
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
    const cache = new SiteCache(gated, s.app.live);
    const before = await s.app.db.selectFrom('site').select('name').where('id', '=', s.siteId).executeTakeFirstOrThrow();
    try {
      const reading = cache.get(s.siteId);
      // the operator's change commits, then its invalidation lands: the read in flight is sent again
      await s.app.db.updateTable('site').set({ name: 'renamed' }).where('id', '=', s.siteId).execute();
      cache.forget();
      open();
      expect((await reading)?.name).toBe('renamed');
      expect((await cache.get(s.siteId))?.name).toBe('renamed');
    } finally {
      await s.app.db.updateTable('site').set({ name: before.name }).where('id', '=', s.siteId).execute();
      cache.close();
    }
  });
});
