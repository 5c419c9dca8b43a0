import webpush from 'web-push';
import type { Db } from '../../db/driver.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair: made on first use and kept in the database, so every instance signs
 * with the same key and subscriptions survive restarts (a new key would orphan them all).
 */
export function vapidKeys(db: Db): Promise<VapidKeys> {
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
