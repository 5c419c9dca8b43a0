import { describe, expect, it } from 'vitest';
import { formatKst, formatMoney, parseWire } from './format';

describe('format', () => {
  it('money with separators and cashDecimal', () => {
    expect(formatMoney(1234567)).toBe('1,234,567');
    expect(formatMoney(123456, 0.01)).toBe('1,234.56');
    expect(formatMoney(undefined)).toBe('0');
  });
  it('dates in Korea time whatever the zone', () => {
    expect(formatKst(Date.UTC(2026, 0, 1, 15, 30, 0))).toBe('2026-01-02 00:30:00');
    expect(parseWire('2026-01-02 00:30:00')).toBe(Date.UTC(2026, 0, 1, 15, 30, 0));
  });
});
