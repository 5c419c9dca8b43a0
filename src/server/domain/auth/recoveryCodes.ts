import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/driver.js';

const COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 letters: no 0/O, 1/I

/**
 * Recovery codes carry 80 random bits each (16 letters of 32), so a plain sha-256 is enough to
 * keep them: nobody can search 2^80 codes, and unlike scrypt it costs nothing at login, where a
 * code is compared with up to ten stored hashes and the password hash pool must not be spent.
 */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');
const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function newRecoveryCode() {
  const bytes = randomBytes(16);
  const letters = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return letters.match(/.{4}/g)!.join('-');
}

/** Replaces the member's recovery codes with ten new ones and answers them (shown once). */
export async function issueRecoveryCodes(db: Db, memberId: number): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newRecoveryCode);
  await db.deleteFrom('totp_recovery').where('member_id', '=', memberId).execute();
  await db
    .insertInto('totp_recovery')
    .values(codes.map((c) => ({ member_id: memberId, code_hash: hashRecoveryCode(c) })))
    .execute();
  return codes;
}

/** Uses up one unused code; the update is the check, so two parallel uses of a code cannot both pass. */
export async function useRecoveryCode(db: Db, memberId: number, code: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('totp_recovery')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function recoveryCodesLeft(db: Db, memberId: number): Promise<number> {
  const [{ n }] = await db
    .selectFrom('totp_recovery')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
  return Number(n);
}
