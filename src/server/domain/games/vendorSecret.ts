/**
 * The vendors' wallet secrets at rest: sealed under the `vendor-seal` secret (kept outside the
 * database in production), so a dump or a backup of the vendor rows can neither sign a wallet
 * callback nor a launch token. Only the opened secret signs; the stored value never does.
 */
import type { Db } from '../../db/driver.js';
import { open, resealRows, seal, sealKeys, sealUsage, type SealedColumn } from '../auth/seal.js';

const NAME = 'vendor-seal';
const COLUMNS: SealedColumn[] = [{ table: 'vendor', key: 'id', column: 'secret', plainBefore: true }];

export const sealVendorSecret = async (db: Db, secret: string) => seal(await sealKeys(db, NAME), secret);
export const openVendorSecret = async (db: Db, stored: string) => open(await sealKeys(db, NAME), stored, NAME);

/** At start: the plain secrets from before sealing, and those under an old key, sealed under today's key. */
export const resealVendorSecrets = (db: Db) => resealRows(db, NAME, COLUMNS);
export const vendorKeyUsage = (db: Db) => sealUsage(db, NAME, COLUMNS);
