import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionPlan, share, split } from './commissions.js';

/** A path bettor-first whose rates never exceed the level above (what the rate rules allow). */
const boundedPath = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 9 }).map((bps) => [...bps].sort((a, b) => a - b));

describe('commissions', () => {
  it('share is floor(amount x rate) exactly, also near 2^53', () => {
    expect(share(12_345, 125)).toBe(154); // 154.3125
    expect(share(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(share(Number.MAX_SAFE_INTEGER, 1)).toBe(Number(BigInt(Number.MAX_SAFE_INTEGER) / 10000n));
    expect(share(0, 500)).toBe(0);
  });

  it('for any tree and rates within bounds: the paid rolling sums to floor(stake x top rate), no level negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), boundedPath, (stake, bps) => {
        const levels = split(stake, bps);
        const sum = levels.reduce((a, l) => a + l.paid, 0);
        expect(sum).toBe(share(stake, bps.at(-1)!));
        for (const l of levels) expect(l.paid).toBeGreaterThanOrEqual(0);
        // each level is paid at its own rate minus its child's
        levels.forEach((l, i) => expect(l.diffBp).toBe(bps[i] - (i ? bps[i - 1] : 0)));
      }),
      { numRuns: 2000 },
    );
  });

  it('out-of-order rates still pay nobody a negative amount and sum to the path maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 9 }), (stake, bps) => {
        const levels = split(stake, bps);
        expect(levels.every((l) => l.paid >= 0)).toBe(true);
        expect(levels.reduce((a, l) => a + l.paid, 0)).toBe(share(stake, Math.max(...bps)));
      }),
    );
  });

  it('losing is taken on the net loss only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 2e12 }), boundedPath, (stake, win, bps) => {
        const plan = commissionPlan(
          stake,
          win,
          bps.map((b) => ({ pointBp: b, loseBp: b })),
        );
        const loss = Math.max(0, stake - win);
        expect(plan.loss).toBe(loss);
        expect(plan.losing.reduce((a, l) => a + l.paid, 0)).toBe(share(loss, bps.at(-1)!));
        if (!loss) expect(plan.losing.every((l) => l.paid === 0)).toBe(true);
      }),
    );
  });
});
