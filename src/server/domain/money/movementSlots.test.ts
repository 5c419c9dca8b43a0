import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/driver.js';
import { inMovementSlot, limitMovements, slots } from './movementSlots.js';

const later = () => {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
};

describe('money movement slots', () => {
  it('runs at most n at once and the rest in arrival order', async () => {
    const s = slots(2);
    const gates = [later(), later(), later(), later()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((g, i) =>
      s.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.p;
        running--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(s.waiting).toBe(2);
    gates[1].open();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    gates[2].open();
    gates[3].open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect(s.busy).toBe(0);
  });

  it('frees the slot of a movement that failed', async () => {
    const s = slots(1);
    await expect(s.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await s.run(async () => 'next')).toBe('next');
    expect(s.busy).toBe(0);
  });

  it("limits a server's handle, never a transaction (its locks may be what the running movements wait for)", async () => {
    const db = { isTransaction: false } as unknown as Db;
    const trx = { isTransaction: true } as unknown as Db;
    limitMovements(db, 1);
    const first = later();
    const one = inMovementSlot(db, () => first.p);
    let second = false;
    const two = inMovementSlot(db, async () => void (second = true));
    let inTrx = false;
    await inMovementSlot(trx, async () => void (inTrx = true));
    await Promise.resolve();
    expect(inTrx).toBe(true);
    expect(second).toBe(false);
    first.open();
    await Promise.all([one, two]);
    expect(second).toBe(true);
  });
});
