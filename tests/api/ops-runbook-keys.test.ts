import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFrom, seal } from '../../src/server/domain/auth/seal.js';
import { testDb } from './harness.js';
import { freePort } from './moneyKit.js';
import { runBlock, runbookBlocks, runbookHost, type RunbookHost } from './runbookKit.js';

const blocks = runbookBlocks();
const usage = (out: string, name: string) =>
  new RegExp(`^${name}: (\\d+) under the current key, (\\d+) under an old key, (\\d+) under no configured key$`, 'm').exec(out)?.slice(1).map(Number);

// Keys live outside the database, whichever it is: the key rotations run once, in the PGlite step.
describe.skipIf(testDb === 'postgres')('docs/runbook.md key rotations, run as written', () => {
  let host: RunbookHost;
  let prepared: string;
  let copies = 0;
  /** the host's settings on a fresh copy of the seeded sites, whose operators have two-factor on */
  const onCopy = async () => {
    const dataDir = join(host.dir, `copy-${++copies}`);
    cpSync(prepared, dataDir, { recursive: true });
    return { ...host.env, PITBOSS_DATA: dataDir, PITBOSS_AUDIT_HEADS_FILE: `${dataDir}.heads.jsonl`, ROLL_PORT: String(await freePort()) };
  };
  const rotate = async (name: string, env: NodeJS.ProcessEnv) => {
    const r = await runBlock(`${blocks.get('roll')}\n${blocks.get(name)}`, host.dir, env);
    expect(r.code, r.out).toBe(0);
    return r.out;
  };

  beforeAll(async () => {
    host = await runbookHost();
    prepared = (await host.database()).dataDir!;
    const keys = JSON.parse(readFileSync(host.env.PITBOSS_SECRETS_FILE!, 'utf8')) as Record<string, string>;
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(prepared);
    await db.query(`insert into member_totp (member_id, site_id, secret, enabled_at) select id, site_id, $1, now() from member where mem_id = 'admin'`, [
      seal(keysFrom(keys['totp-seal']!), 'JBSWY3DPEHPK3PXP'),
    ]);
    await db.close();
  }, 300_000);
  afterAll(() => host?.close());

  it('totp-seal and vendor-seal in three rolls: every two-factor and vendor secret opens under the new keys alone, and a server starts on them', async () => {
    const env = await onCopy();
    const out = await rotate('seal-rotation', env);
    for (const seal of ['totp-seal', 'vendor-seal']) {
      expect(usage(out, seal)).toEqual([expect.any(Number), 0, 0]);
      expect(usage(out, seal)![0]).toBeGreaterThan(0);
    }
    // the secrets file still holds the old keys only: under them every value opens under none, and the check says so
    const stale = await runBlock('node dist-server/cli.js keys-check', host.dir, env);
    expect(stale.code, stale.out).toBe(1);
    for (const seal of ['totp-seal', 'vendor-seal']) expect(usage(stale.out, seal)).toEqual([0, 0, usage(out, seal)![0]]);
  }, 600_000);

  it('device-cookie, pow-signature and pow-key in three rolls: a server starts on each step', async () => {
    await rotate('signing-key-rotation', await onCopy());
  }, 600_000);

  it('PITBOSS_PIN_KEY: the new key with the old one listed; every PIN hash names a configured key', async () => {
    const out = await rotate('pin-key-rotation', await onCopy());
    expect(usage(out, 'pin-key')).toEqual([0, expect.any(Number), 0]);
    expect(usage(out, 'pin-key')![1]).toBeGreaterThan(0);
  }, 600_000);

  it('PITBOSS_AUDIT_KEY: the chains re-signed, verified under the new key, a server started on it', async () => {
    const out = await rotate('audit-rekey', await onCopy());
    expect(out).toMatch(/^demo: re-signed \(\d+ rows\)$/m);
    expect(out).toMatch(/^demo: OK \(\d+ rows\)$/m);
    expect(out).toMatch(/^platform: OK \(\d+ rows\)$/m);
  }, 600_000);

  it('PITBOSS_BACKUP_KEY: backups under the old key restore while it is listed, and refuse (exit 6) once it is not', async () => {
    const out = await rotate('backup-key-rotation', await onCopy());
    expect(out).toMatch(/^restored backups\/after-rotation.sealed into rotation-after$/m);
    expect(out).toMatch(/^restored backups\/before-rotation.sealed into rotation-before$/m);
    expect(out).toContain('backups/before-rotation.sealed was sealed under another backup key');
  }, 600_000);
});
