import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from '../../db/driver.js';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/** `device-cookie` -> PITBOSS_SECRET_DEVICE_COOKIE */
export const envName = (name: string) => `PITBOSS_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

let fileCache: { path: string; secrets: Record<string, unknown> } | null = null;

/**
 * A secret configured outside the database: the environment (PITBOSS_SECRET_<NAME>) or the JSON
 * object in PITBOSS_SECRETS_FILE ({ "device-cookie": "…", … }); undefined when neither names it.
 * An unreadable or malformed secrets file stops the caller: it must never fall back to the database silently.
 */
export function configuredSecret(name: string): string | undefined {
  const fromEnv = process.env[envName(name)];
  if (fromEnv) return fromEnv;
  const path = process.env.PITBOSS_SECRETS_FILE;
  if (!path) return undefined;
  if (fileCache?.path !== path) {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path}: a JSON object of secrets expected`);
    fileCache = { path, secrets: parsed as Record<string, unknown> };
  }
  const v = fileCache.secrets[name];
  return typeof v === 'string' && v ? v : undefined;
}

/**
 * A named server secret (device cookies, login challenges, the two-factor seal, the PIN key's
 * fallback, the audit chain's fallback): from the environment or the secrets file when configured
 * there, and then never read from or written to the database; otherwise made once and kept in the
 * database so every instance signs and checks with the same one.
 */
export function serverSecret(db: Db, name: string): Promise<string> {
  const configured = configuredSecret(name);
  if (configured) return Promise.resolve(configured);
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let p = byName.get(name);
  if (!p) {
    p = (async () => {
      await db
        .insertInto('auth_secret')
        .values({ name, secret: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('auth_secret').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
      return row.secret;
    })();
    p.catch(() => byName!.delete(name));
    byName.set(name, p);
  }
  return p;
}
