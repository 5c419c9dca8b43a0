/**
 * One login rule for every door: the player, partner and operator screens and the platform
 * console run their password step here. The throttle has counted the try before it gets here
 * (`http/throttle.ts`: per address and per id, one atomic increment-then-check, past which a
 * solved challenge is asked); this step then asks the challenge again when told to, hashes an
 * unproved try in the free lane (fair by address) and a proved one in the priority lane, hashes a
 * dummy for an unknown id, and applies the wrong-password lock.
 *
 * The lock is something anyone can set by sending wrong passwords, so it binds untrusted,
 * unproved tries only, and it answers them L005 (a challenge), never "locked": the owner's device
 * cookie (its own count and lock, U003), a solved challenge and the owner's recovery code each
 * keep the way in, and a locked real id answers as a made-up id past the same number of failures
 * (the throttle's per-id count, `idOverLimit`). A wrong password answers L001 whatever the id.
 */
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { addressChallenge } from './addressChallenge.js';
import { HashBusy, type Lane } from './hashPool.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** The scope the platform console's challenges are signed for (a site's are signed for its id). */
export const PLATFORM_SCOPE = '@platform';

/** What the door knows of the request, from the throttle. */
export interface Door {
  db: Db;
  /** the site's id, or PLATFORM_SCOPE */
  scope: string;
  ip: string | null;
  /** the request carried a solved, unused challenge */
  proved: boolean;
  /** the address or the id went past a try limit: a challenge is needed */
  challengeRequired: boolean;
  /**
   * this id failed as often as the lock allows, lately (the throttle counts any id): an unknown id
   * then asks a challenge as a locked real one does; a real id's own lock decides for it
   */
  idOverLimit: boolean;
}

/** The account behind the id, as far as the password step needs it. */
export interface DoorAccount {
  passHash: string;
  /** a device cookie of this account came with the try: its own lock is the only one */
  trusted: boolean;
  /** the lock that binds this source: the device's own, or the account's (set by untrusted failures) */
  locked: boolean;
  /** the owner's recovery code came with the try: the account's lock does not bind it */
  recovery?: boolean;
}

/** The answer of a password step that went through: right or wrong, and whether it passed a lock. */
export interface PasswordVerdict {
  right: boolean;
  /** the account's lock held and a solved challenge or a recovery code passed it */
  passedLock: boolean;
}

/** L005 for an address past its limits, a locked account or a full hash queue: its open challenge (`addressChallenge.ts`). */
export const challengeAgain = async (door: Pick<Door, 'db' | 'scope' | 'ip'>) =>
  new ApiError('L005', undefined, { challenge: await addressChallenge(door.db, door.scope, door.ip) });

// Unknown ids still pay for one scrypt in the same lane, so neither answer nor time tells which ids exist.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));

/**
 * The password step. Throws L005 (a challenge), U003 (the trusted device's own lock) or L001
 * (unknown id, after the same hash); answers whether the password was right. Counting a wrong one
 * is the caller's (each door keeps its accounts in its own table), through the same rule.
 */
export async function passwordStep(door: Door, account: DoorAccount | null | undefined, password: string): Promise<PasswordVerdict> {
  if (door.challengeRequired && !door.proved) throw await challengeAgain(door);
  // only a solved challenge buys the front of the queue: a device cookie is something a flood can hold too
  const lane: Lane = door.proved ? 'priority' : 'free';
  const hash = async (stored: string) => {
    try {
      return await verifyPassword(password || 'x', stored, lane, door.ip);
    } catch (e) {
      if (e instanceof HashBusy) throw await challengeAgain(door);
      throw e;
    }
  };
  if (!account || !password) {
    if (door.idOverLimit && !door.proved) throw await challengeAgain(door);
    await hash(await decoy());
    throw new ApiError('L001');
  }
  let passedLock = false;
  if (account.trusted) {
    if (account.locked) throw new ApiError('U003');
  } else if (account.locked) {
    if (!door.proved && !account.recovery) throw await challengeAgain(door);
    passedLock = true;
  }
  return { right: await hash(account.passHash), passedLock };
}
