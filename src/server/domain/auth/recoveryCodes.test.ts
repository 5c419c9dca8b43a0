import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCode } from './recoveryCodes.js';

describe('recovery codes', () => {
  it('are 16 letters of a 32-letter alphabet in groups of four, all different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('match whatever the case, spaces or dashes typed, and nothing else', () => {
    const c = 'ABCD-EFGH-JKLM-NPQR';
    expect(hashRecoveryCode('abcd efgh jklm npqr')).toBe(hashRecoveryCode(c));
    expect(hashRecoveryCode('ABCDEFGHJKLMNPQR')).toBe(hashRecoveryCode(c));
    expect(hashRecoveryCode('ABCD-EFGH-JKLM-NPQS')).not.toBe(hashRecoveryCode(c));
  });
});
