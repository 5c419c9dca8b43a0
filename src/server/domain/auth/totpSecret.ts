import type { Db } from '../../db/driver.js';
import { open, resealRows, seal, sealKeys, sealUsage, type SealedColumn } from './seal.js';

// The TOTP secrets are sealed under the `totp-seal` secret, so a copy of the member rows alone
// (a dump, a report query, a replica someone reads) does not give the codes away.
const NAME = 'totp-seal';

export const sealSecret = async (db: Db, secret: string) => seal(await sealKeys(db, NAME), secret);
export const openSecret = async (db: Db, sealed: string) => open(await sealKeys(db, NAME), sealed, NAME);

const COLUMNS: SealedColumn[] = [
  { table: 'member_totp', key: 'member_id', column: 'secret' },
  { table: 'member_totp', key: 'member_id', column: 'pending_secret' },
  { table: 'platform_account', key: 'id', column: 'totp_secret' },
  { table: 'platform_setup', key: 'token_hash', column: 'pending_secret' },
];

/** At start: the two-factor secrets in the older form or under an old key, sealed under today's key. */
export const resealTotpSecrets = (db: Db) => resealRows(db, NAME, COLUMNS);
export const totpKeyUsage = (db: Db) => sealUsage(db, NAME, COLUMNS);
