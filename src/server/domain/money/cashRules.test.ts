import { describe, expect, it } from 'vitest';
import { depositAmountError, inBankMaintenance, withdrawalAmountError } from './cashRules.js';

const o = { depositMin: 10_000, depositMax: 10_000_000, depositUnit: 1_000, withdrawMin: 10_000, withdrawUnit: 1_000 };
const kst = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00+09:00`);

describe('deposit amount rules', () => {
  it('answers in the product order', () => {
    expect(depositAmountError(undefined, o)).toBe('C002');
    expect(depositAmountError(0, o)).toBe('C002');
    expect(depositAmountError(10_001_000, o)).toBe('C101');
    expect(depositAmountError(9_000, o)).toBe('C102');
    expect(depositAmountError(10_500, o)).toBe('C103');
    expect(depositAmountError(10_000, o)).toBeNull();
    expect(depositAmountError(10_000_000, o)).toBeNull();
  });
  it('ignores the unit when it is 1', () => {
    expect(depositAmountError(10_001, { ...o, depositUnit: 1 })).toBeNull();
  });
});

describe('withdrawal amount rules', () => {
  it('checks minimum then unit', () => {
    expect(withdrawalAmountError(9_999, o)).toBe('C214');
    expect(withdrawalAmountError(10_100, o)).toBe('C215');
    expect(withdrawalAmountError(11_000, o)).toBeNull();
  });
});

describe('bank maintenance window (KST)', () => {
  it('covers 23:30 to 00:30 Korea time', () => {
    expect(inBankMaintenance(kst('23:29'))).toBe(false);
    expect(inBankMaintenance(kst('23:30'))).toBe(true);
    expect(inBankMaintenance(kst('23:59'))).toBe(true);
    expect(inBankMaintenance(kst('00:00'))).toBe(true);
    expect(inBankMaintenance(kst('00:29'))).toBe(true);
    expect(inBankMaintenance(kst('00:30'))).toBe(false);
    expect(inBankMaintenance(kst('12:00'))).toBe(false);
  });
  it('does not depend on the server zone: 14:45 UTC is 23:45 KST', () => {
    expect(inBankMaintenance(new Date('2026-03-10T14:45:00Z'))).toBe(true);
    expect(inBankMaintenance(new Date('2026-03-10T23:45:00Z'))).toBe(false);
  });
});
