import { describe, expect, it } from 'vitest';
import { clampRate, lockedUntil, rateText } from './rateInput';

describe('rate inputs', () => {
  it('clamps to the bounds and flags what is not a number', () => {
    expect(clampRate('5', 0, 1.1)).toEqual({ value: '1.1', error: 'max' });
    expect(clampRate('0.1', 0.9, 1.1)).toEqual({ value: '0.9', error: 'min' });
    expect(clampRate('1.05', 0.9, 1.1)).toEqual({ value: '1.05' });
    expect(clampRate('0', 0, 1)).toEqual({ value: '0' });
    expect(clampRate('', 0, 1).error).toBe('nan');
    expect(clampRate('1.2.3', 0, 5).error).toBe('nan');
  });
  it('keeps digits and one dot with two decimals', () => {
    expect(rateText('1a.2.55')).toBe('1.25');
    expect(rateText('12,5')).toBe('125');
  });
  it('reads the lock end', () => {
    const now = Date.parse('2026-01-01T00:00:00+09:00');
    expect(lockedUntil({ lockedUntil: '2026-01-01 12:00:00' }, now)).toBe('2026-01-01 12:00:00');
    expect(lockedUntil({ lockedUntil: '2025-12-31 12:00:00' }, now)).toBeNull();
    expect(lockedUntil({ lockedUntil: null }, now)).toBeNull();
  });
});
