import { sql } from 'kysely';
import type { Db } from '../db/driver.js';

/**
 * The prefix of this deployment's Redis channels and keys: its database's own id (made once by a
 * migration) and name. Instances on one database share it; another deployment on the same Redis,
 * or a copy of this database under another name, never hears its live events, evictions or slots.
 */
export async function redisScope(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string; name: string }>`select (select id from deployment limit 1) as id, current_database() as name`.execute(db);
  return `pitboss:${rows[0].id}:${rows[0].name}:`;
}
