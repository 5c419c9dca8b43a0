import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancePageOfLargeSubtree, pageIds, type ListQuery, type Order } from '../../src/server/domain/partner/partnerLists.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

// The bounded page by balance (used for subtrees of 5,000 members or more) against the full sort,
// on the demo tree with random balances: it answers the same page, or null so the caller sorts.
describe(`downline pages by balance (${testDb})`, () => {
  let s: TestServer;
  let roots: { id: number; site_id: string }[];
  beforeAll(async () => {
    s = await startTestServer({ accrualMs: 0 });
    roots = await s.app.db.selectFrom('member').select(['id', 'site_id']).where('mem_id', 'in', ['ptn1', 'ptn3', 'ptn6']).orderBy('id').execute();
  });
  afterAll(() => s?.close());

  it("answers the full sort's page whenever it answers, and does for the top partner", async () => {
    const members = (await s.app.db.selectFrom('member').select('id').where('site_id', '=', roots[0].site_id).execute()).map((r) => r.id);
    await fc.assert(
      fc.asyncProperty(
        // few distinct values, so ties (broken by id) are common
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { minLength: members.length, maxLength: members.length }),
        fc.constantFrom(0, 1, 2),
        fc.constantFrom<Order>('CASH_DESC', 'CASH_ASC', 'POINT_DESC', 'POINT_ASC'),
        fc.constantFrom('ALL', 'NORMAL', 'PARTNERS'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 7 }),
        async (balances, r, order, level, page, perPage) => {
          // balances set directly: only their order matters here, not the ledger
          for (const [i, id] of members.entries()) {
            await s.app.db
              .updateTable('member')
              .set({ cash_amt: balances[i][0] * 1000, point_amt: balances[i][1] * 10 })
              .where('id', '=', id)
              .execute();
          }
          const q: ListQuery = { siteId: roots[r].site_id, rootId: roots[r].id, depth: 'all', level, search: null, order, page, perPage };
          const full = await pageIds(s.app.db, q);
          const [key, dir] = order.split('_');
          const bounded = await balancePageOfLargeSubtree(s.app.db, q, key === 'CASH' ? 'cash_amt' : 'point_amt', dir === 'ASC' ? 'asc' : 'desc', full.total);
          if (bounded) expect(bounded).toEqual(full.ids);
          else expect(r).not.toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
