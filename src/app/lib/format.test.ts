import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCompact, formatKst, formatMoney, formatNumber, parseWire } from './format';

describe('format', () => {
  it('money with separators and cashDecimal', () => {
    expect(formatMoney(1234567)).toBe('1,234,567');
    expect(formatMoney(123456, 0.01)).toBe('1,234.56');
    expect(formatMoney(undefined)).toBe('0');
  });
  it('writes numbers as Intl en-US does, without asking Intl', () => {
    const decimals = [1, 0.1, 0.01, 0.001, 0.0001, 0.00001];
    const amount = fc.oneof(
      fc.integer({ min: -1e15, max: 1e15 }),
      fc.double({ min: -1e18, max: 1e18, noNaN: true }),
      fc.constantFrom(0, -0, 0.5, -0.5, 1.0005, 999.9995, 1e21, -1e22, Infinity, NaN),
    );
    fc.assert(
      fc.property(amount, fc.constantFrom(...decimals), (n, d) => {
        const digits = d >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(d)));
        expect(formatMoney(n, d)).toBe(new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n * d));
        expect(formatNumber(n)).toBe(new Intl.NumberFormat('en-US').format(n));
      }),
      { numRuns: 5000 },
    );
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(-1234567)).toBe('-1,234,567');
    expect(formatNumber(null)).toBe('0');
  });
  it('writes compact axis labels as Intl does in each language', () => {
    const value = fc.oneof(
      fc.integer({ min: -1e16, max: 1e16 }),
      fc.double({ min: -1e17, max: 1e17, noNaN: true }),
      fc.integer({ min: 0, max: 15 }).chain((p) => fc.constantFrom(10 ** p, 10 ** p - 1, 10 ** p * 0.99995, 10 ** p * 0.9995, -(10 ** p) * 0.99996)),
      fc.constantFrom(0, -0, 0.04, -0.04, 0.05, 999.95, 999.96, 9999.95, 99999.5, 999949, 999950, 1e21, Infinity, NaN),
    );
    fc.assert(
      fc.property(value, fc.constantFrom('ko', 'en', 'vi'), (n, locale) => {
        expect(formatCompact(n, locale)).toBe(new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n));
      }),
      { numRuns: 5000 },
    );
    expect(formatCompact(-37200, 'ko')).toBe('-3.7만');
  });
  it('dates in Korea time whatever the zone', () => {
    expect(formatKst(Date.UTC(2026, 0, 1, 15, 30, 0))).toBe('2026-01-02 00:30:00');
    expect(parseWire('2026-01-02 00:30:00')).toBe(Date.UTC(2026, 0, 1, 15, 30, 0));
  });
});
