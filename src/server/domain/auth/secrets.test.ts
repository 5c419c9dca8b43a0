import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/driver.js';
import { configuredSecret, serverSecret } from './secrets.js';

// a database that fails any use: a configured secret must never reach it
const noDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('database used');
    },
  },
) as unknown as Db;

describe('server secrets outside the database', () => {
  afterEach(() => {
    delete process.env.PITBOSS_SECRETS_FILE;
    delete process.env.PITBOSS_SECRET_DEVICE_COOKIE;
  });

  it('reads a secret from the secrets file, and the environment before it, without touching the database', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pb-secrets-')), 'secrets.json');
    writeFileSync(path, JSON.stringify({ 'device-cookie': 'from-file', 'pow-key': 'pow-from-file' }));
    process.env.PITBOSS_SECRETS_FILE = path;
    expect(await serverSecret(noDb, 'device-cookie')).toBe('from-file');
    expect(await serverSecret(noDb, 'pow-key')).toBe('pow-from-file');
    process.env.PITBOSS_SECRET_DEVICE_COOKIE = 'from-env';
    expect(await serverSecret(noDb, 'device-cookie')).toBe('from-env');
    expect(configuredSecret('totp-seal')).toBeUndefined();
  });

  it('never makes or reads a secret in the database: one not configured is an error naming its variable', async () => {
    await expect(serverSecret(noDb, 'vendor-seal')).rejects.toThrow(/PITBOSS_SECRET_VENDOR_SEAL/);
  });

  it('refuses a malformed secrets file instead of going on without it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pb-secrets-')), 'secrets.json');
    writeFileSync(path, '["not", "an object"]');
    process.env.PITBOSS_SECRETS_FILE = path;
    expect(() => configuredSecret('device-cookie')).toThrow(/JSON object/);
  });
});
