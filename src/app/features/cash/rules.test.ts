import { describe, expect, it } from 'vitest';
import { allOf, amountProblem, waitLeft } from './rules';

describe('amount rules before submit', () => {
  const rule = { min: 10_000, max: 1_000_000, unit: 1_000, held: 50_000 };
  it('names the first broken rule in the server order', () => {
    expect(amountProblem(0, rule)).toEqual({ kind: 'empty' });
    expect(amountProblem(60_000, rule)).toEqual({ kind: 'held', held: 50_000 });
    expect(amountProblem(2_000_000, { ...rule, held: undefined })).toEqual({ kind: 'max', max: 1_000_000 });
    expect(amountProblem(9_000, rule)).toEqual({ kind: 'min', min: 10_000 });
    expect(amountProblem(10_500, rule)).toEqual({ kind: 'unit', unit: 1_000 });
    expect(amountProblem(10_000, rule)).toBeNull();
    expect(amountProblem(50_000, rule)).toBeNull();
  });
  it('a zero maximum or unit means no bound', () => {
    expect(amountProblem(123, { max: 0, unit: 0 })).toBeNull();
  });
  it('once a minute: the time left after the last action', () => {
    expect(waitLeft(null, 1_000)).toBe(0);
    expect(waitLeft(1_000, 31_000)).toBe(30_000);
    expect(waitLeft(1_000, 61_000)).toBe(0);
    expect(waitLeft(1_000, 99_000)).toBe(0);
  });
  it('the "all" chip keeps to the unit', () => {
    expect(allOf(12_345)).toBe(12_345);
    expect(allOf(12_345, 1_000)).toBe(12_000);
  });
});
