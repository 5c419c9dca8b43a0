import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/driver.js';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A named server secret, made once and kept in the database so every instance signs and checks
 * with the same one (device cookies, login challenges).
 */
export function serverSecret(db: Db, name: string): Promise<string> {
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
