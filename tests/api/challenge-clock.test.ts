import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';

// Tests move the server's clock (bankSafeOffset moves it 70 minutes back near the bank window);
// the proof-of-work library checks a challenge's expiry against the real time.
describe(`the login challenge on a moved server clock (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: -70 * 60_000 });
  }, 600_000);
  afterAll(() => s?.close());

  it('lets the operator in with a solved challenge while the server clock runs 70 minutes behind', async () => {
    expect(await s.login('admin')).toEqual(expect.any(String));
  });
});
