import { describe, expect, it } from 'vitest';
import { betResultCash, betResultLabel } from './betResult';

describe('bet results', () => {
  it('labels each type and anything else as CANCEL', () => {
    expect(['win', 'lose', 'draw', 'wait', 'cancel', 'x'].map(betResultLabel)).toEqual(['PASS', 'FAIL', 'TIE', 'WAIT', 'CANCEL', 'CANCEL']);
  });
  it('result cash is winCash - cash', () => {
    expect(betResultCash({ cash: 1000, winCash: 1950 })).toBe(950);
    expect(betResultCash({ cash: 1000, winCash: 0 })).toBe(-1000);
  });
});
