import { describe, expect, it } from 'vitest';
import { addAmount, cleanAmount, displayAmount } from './amount';

describe('amount input rules', () => {
  it('strips commas and junk, keeps digits', () => {
    expect(cleanAmount('1,234,5a67')).toBe('1234567');
    expect(cleanAmount('00120')).toBe('120');
  });
  it('clears on 0 or empty', () => {
    expect(cleanAmount('0')).toBe('');
    expect(cleanAmount('')).toBe('');
    expect(cleanAmount(',')).toBe('');
  });
  it('keeps an optional decimal part only when allowed', () => {
    expect(cleanAmount('12.345', 2)).toBe('12.34');
    // a pasted fraction is dropped, never glued on (12.3 must not become 123)
    expect(cleanAmount('12.3')).toBe('12');
    expect(cleanAmount('0.5', 2)).toBe('0.5');
    expect(cleanAmount('1.2.3', 2)).toBe('1.23');
  });
  it('formats and adds', () => {
    expect(displayAmount('1234567')).toBe('1,234,567');
    expect(displayAmount('1234.5')).toBe('1,234.5');
    expect(addAmount('', 10000)).toBe('10000');
    expect(addAmount('5000', 10000)).toBe('15000');
  });
});
