import type { Db } from '../../db/driver.js';

/**
 * At most `n` money movements of this process in the database at once; the rest wait here, in
 * arrival order, holding no connection. Every movement commits (a WAL flush) and most lock a
 * member row: past a few at a time on a database's cores they only wait on each other's flushes
 * and take each other's CPU, and the slowest ones wait the longest
 * (docs/decisions/0012-money-slots.md).
 */
export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** movements running and waiting now */
  readonly busy: number;
  readonly waiting: number;
}

export function slots(n: number): Slots {
  let busy = 0;
  const queue: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy < n) busy++;
      // the slot is handed over by the movement that frees it: busy stays as it was
      else await new Promise<void>((take) => queue.push(take));
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else busy--;
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}

const byDb = new WeakMap<Db, Slots>();

/** Limits the movements run on `db` (the server's handle) to `n` at once; 0 leaves them to the pool. */
export function limitMovements(db: Db, n: number): void {
  if (n > 0) byDb.set(db, slots(n));
  else byDb.delete(db);
}

/** The slots of `db`, if it is limited (its waiting count is a metric). */
export const movementSlotsOf = (db: Db): Slots | undefined => byDb.get(db);

/**
 * Runs one movement's statement in a slot of its database. A statement inside a transaction runs
 * at once: that transaction may hold locks the movements in the slots wait for, and waiting here
 * for one of them would wait for ever.
 */
export function inMovementSlot<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const s = db.isTransaction ? undefined : byDb.get(db);
  return s ? s.run(work) : work();
}
