import { describe, expect, it } from 'vitest';
import { emptyForm, firstProblem } from './signup';

const good = {
  ...emptyForm,
  memId: 'newbie1',
  memPass: 'secret12',
  memPassCheck: 'secret12',
  memNick: 'newbie',
  memName: '홍길동',
  memPhone: '010-1234-5678',
  bank: '국민은행',
  bankacc: '12345678',
  cashOutPass: '1234',
  recommenderId: 'ptn7',
};

describe('signup form order', () => {
  it('reports the first failing field in the seed order', () => {
    expect(firstProblem({ ...good, memId: '' }, 'available', 'available')).toBe('U101');
    expect(firstProblem({ ...good, memPassCheck: 'x' }, 'available', 'available')).toBe('U113');
    expect(firstProblem({ ...good, cashOutPass: '12a4' }, 'available', 'available')).toBe('U103');
  });
  it('then asks for the duplicate checks', () => {
    expect(firstProblem(good, 'unchecked', 'available')).toBe('checkId');
    expect(firstProblem(good, 'available', 'taken')).toBe('checkNick');
    expect(firstProblem(good, 'available', 'available')).toBeNull();
  });
});
