/**
 * The wallet conformance kit (npm run vendor-check) against the demo site's built-in vendor: every
 * case passes, the held-site case included (the site suspended and resumed around it), and the
 * ledger stays exact. Against a deliberately broken wallet (a tiny fake site that trusts any
 * signature and pays every replay again) the kit says so, case by case.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVendorCheck } from '../../scripts/vendorCheck.js';
import { cashOf, vendorSecret } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound } from './moneyKit.js';

/** A wallet that keeps a balance and nothing else: no signature check, no idempotency, no bet records. */
async function brokenSite(): Promise<Server> {
  let balance = 50_000;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const action = req.url!.split('/').pop();
      const body = JSON.parse(raw) as { amount?: number };
      if (action === 'bet') balance -= body.amount ?? 0;
      if (action === 'win') balance += body.amount ?? 0;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ resultCode: '0', resultMessage: 'OK', data: { balance } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

describe(`the wallet conformance kit (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 400_000);
  afterAll(() => s?.close());

  it('passes every case against the demo site, the player ending where it started', async () => {
    const before = await cashOf(s, 'user3');
    const hold = (state: 'open' | 'suspended') => async () => {
      await s.app.db.updateTable('site').set({ state }).where('id', '=', s.siteId).execute();
      await s.app.sites.changed(s.siteId);
    };
    const lines: string[] = [];
    const results = await runVendorCheck(
      {
        site: `${s.url}/demo`,
        vendor: 'demo-slot',
        secret: await vendorSecret(s, 'demo-slot'),
        player: 'user3',
        game: 'lucky-sevens',
        amount: 1000,
        suspend: hold('suspended'),
        resume: hold('open'),
      },
      (l) => lines.push(l),
    );
    console.log(lines.join('\n'));
    expect(results.filter((r) => r.outcome !== 'passed')).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(12);
    expect((await cashOf(s, 'user3')).cash).toBe(before.cash);
    await expectSound(s.app.db, s.siteId);
  });

  it('fails, visibly, a wallet that trusts any signature and pays replays again', async () => {
    const fake = await brokenSite();
    const lines: string[] = [];
    try {
      const results = await runVendorCheck(
        {
          site: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/demo`,
          siteId: 'fake',
          vendor: 'demo-slot',
          secret: 'whatever',
          player: 'user1',
          game: 'lucky-sevens',
          amount: 1000,
        },
        (l) => lines.push(l),
      );
      console.log(lines.join('\n'));
      const failed = results.filter((r) => r.outcome === 'failed').map((r) => r.name);
      expect(failed).toContain('bad signature: refused with HTTP 401 W002, nothing moves');
      expect(failed).toContain('bet again with the same txId: the first answer, no second stake');
      expect(failed).toContain('win for an unknown bet: refused (W003), nothing moves');
      expect(lines.join('\n')).toMatch(/FAIL {2}bad signature[^\n]*\n {6}expected a refusal \(W002\), the site accepted it\n {6}seen: HTTP 200 0/);
      expect(results.find((r) => r.name.startsWith('a held site'))?.outcome).toBe('skipped');
    } finally {
      fake.close();
    }
  });
});
