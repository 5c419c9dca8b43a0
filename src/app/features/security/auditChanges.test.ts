import { describe, expect, it } from 'vitest';
import { auditChanges } from './auditChanges';

describe('auditChanges', () => {
  it('shows a changed field as before → after and an empty value as a dash, never "null"', () => {
    const lines = auditChanges({ memStatus: 'NORMAL', memo: null }, { memStatus: 'LOCK', memo: 'x', extra: { a: null } });
    expect(lines).toEqual([
      { field: 'memStatus', text: 'NORMAL → LOCK' },
      { field: 'memo', text: '– → x' },
      { field: 'extra', text: '{"a":"–"}' },
    ]);
    expect(JSON.stringify(auditChanges(null, { a: null }))).not.toContain('null');
  });

  it('has no lines when neither side holds anything', () => {
    expect(auditChanges(null, undefined)).toEqual([]);
  });

  it('keeps an unchanged field as its one value and a bare value under "value"', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([{ field: 'a', text: '1' }]);
    expect(auditChanges(undefined, 5)).toEqual([{ field: 'value', text: '5' }]);
  });

  it('shows a code by its name where the screen knows one', () => {
    const name = (v: string) => (v === 'PTN_1' ? '대표' : undefined);
    expect(auditChanges({ level: 'PTN_2' }, { level: 'PTN_1' }, name)).toEqual([{ field: 'level', text: 'PTN_2 → 대표' }]);
  });
});
