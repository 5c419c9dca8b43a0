import webpush from 'web-push';
import type { Db } from '../../db/driver.js';
import { configuredSecret } from '../auth/secrets.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair. Configured outside the database (PITBOSS_SECRET_VAPID_PUBLIC and
 * PITBOSS_SECRET_VAPID_PRIVATE, or `vapid-public` / `vapid-private` in PITBOSS_SECRETS_FILE; make
 * a pair with `npx web-push generate-vapid-keys`), it is never read from or written to the
 * database, and a production start refuses to run without it. Otherwise (an evaluation or test
 * start) a pair is made on first use and kept in the database, so every instance signs with the
 * same key and subscriptions survive restarts (a new key would orphan them all).
 */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  const publicKey = configuredSecret('vapid-public');
  const privateKey = configuredSecret('vapid-private');
  if (publicKey && privateKey) return Promise.resolve({ publicKey, privateKey });
  if (publicKey || privateKey) return Promise.reject(new Error('vapid-public and vapid-private are configured together or not at all'));
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      const made = webpush.generateVAPIDKeys();
      await db
        .insertInto('push_vapid')
        .values({ public_key: made.publicKey, private_key: made.privateKey })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db.selectFrom('push_vapid').select(['public_key', 'private_key']).executeTakeFirstOrThrow();
      return { publicKey: row.public_key, privateKey: row.private_key };
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}
