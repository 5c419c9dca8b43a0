import { describe, expect, it } from 'vitest';
import {
  isAccountNumber,
  isBankName,
  isCashOutPass,
  isHolder,
  isMemId,
  isNickname,
  isPassword,
  isPlatformPassword,
  isPhone,
  accountEditChanges,
  validateAccountEdit,
  validateSignup,
  type SignupFields,
} from './validate.js';

const good: Required<SignupFields> = {
  memId: 'newuser1',
  memPass: 'pass12!',
  memPassCheck: 'pass12!',
  memPhone: '010-1234-5678',
  memNick: 'newbie',
  recommenderId: 'ptn7',
  memName: '홍길동',
  cashOutPass: '1234',
  cashOutPassCheck: '1234',
  bank: 'KB',
  bankacc: '12345678',
};

describe('field rules', () => {
  it('member id: 4 to 13 letters and digits', () => {
    for (const v of ['abcd', 'user1', 'A1b2C3d4E5f6G']) expect(isMemId(v)).toBe(true);
    for (const v of ['abc', 'a'.repeat(14), 'user 1', 'user_1', '유저1234', '']) expect(isMemId(v)).toBe(false);
  });
  it('password: 6 to 20 of letters, digits and !@#$%*', () => {
    for (const v of ['abc123', 'demo1234!', '!@#$%*', 'a'.repeat(20)]) expect(isPassword(v)).toBe(true);
    for (const v of ['abc12', 'a'.repeat(21), 'pass word', 'pass^123', 'pass-123']) expect(isPassword(v)).toBe(false);
    // the platform's (and an invited operator's): longer, any characters
    for (const v of ['lucky-operator-1', 'a long pass', 'x'.repeat(64)]) expect(isPlatformPassword(v)).toBe(true);
    for (const v of ['lucky123!', 'x'.repeat(65), '']) expect(isPlatformPassword(v)).toBe(false);
  });
  it('withdrawal password: exactly 4 digits', () => {
    expect(isCashOutPass('0000')).toBe(true);
    for (const v of ['123', '12345', '12a4', '１２３４']) expect(isCashOutPass(v)).toBe(false);
  });
  it('nickname: 3 to 20 characters', () => {
    for (const v of ['abc', '닉네임', 'x'.repeat(20), 'big fish']) expect(isNickname(v)).toBe(true);
    for (const v of ['ab', 'x'.repeat(21), ' abc', 'abc ']) expect(isNickname(v)).toBe(false);
  });
  it('phone: digits and hyphens', () => {
    for (const v of ['010-1234-5678', '01012345678', '02-123-4567']) expect(isPhone(v)).toBe(true);
    for (const v of ['010 1234 5678', '+821012345678', '-01012345678', '010--1234-5678', '1234567', 'phone']) expect(isPhone(v)).toBe(false);
  });
  it('bank name, holder and account number', () => {
    for (const v of ['KB', '국민은행', 'Kakao Bank']) expect(isBankName(v)).toBe(true);
    for (const v of ['K', 'KB1', 'K-B', ' KB']) expect(isBankName(v)).toBe(false);
    for (const v of ['홍길동', 'John Smith', 'Kim']) expect(isHolder(v)).toBe(true);
    for (const v of ['Kim2', "O'Neil", ' Kim', '']) expect(isHolder(v)).toBe(false);
    for (const v of ['123456', '12345678901234']) expect(isAccountNumber(v)).toBe(true);
    for (const v of ['12345', '123-456-789', '1234 5678']) expect(isAccountNumber(v)).toBe(false);
  });
});

describe('validateSignup, in the product order', () => {
  it('passes a complete form', () => {
    expect(validateSignup(good)).toBeNull();
  });

  it('answers the first failing field, in order', () => {
    const steps: [Partial<SignupFields>, string][] = [
      [{ memId: 'ab' }, 'U101'],
      [{ memPassCheck: 'other12!' }, 'U113'],
      [{ memPass: 'short', memPassCheck: 'short' }, 'U102'],
      [{ memPhone: '010 1234' }, 'U114'],
      [{ memNick: 'ab' }, 'U105'],
      [{ recommenderId: '' }, 'U106'],
      [{ memName: 'Kim99' }, 'U116'],
      [{ cashOutPass: '12a4', cashOutPassCheck: '12a4' }, 'U103'],
      [{ cashOutPassCheck: '4321' }, 'U118'],
      [{ bank: '1' }, 'U115'],
      [{ bankacc: '12-34' }, 'U117'],
    ];
    for (const [patch, code] of steps) expect(validateSignup({ ...good, ...patch }), JSON.stringify(patch)).toBe(code);
    // many fields broken at once: repairing them front to back reveals each next code
    const remaining = steps.filter(([, c]) => c !== 'U113' && c !== 'U118');
    for (let i = 0; i < remaining.length; i++) {
      const f = { ...good };
      for (const [patch] of remaining.slice(i)) Object.assign(f, patch);
      expect(validateSignup(f)).toBe(remaining[i][1]);
    }
  });

  it('walks the order field by field', () => {
    const f: SignupFields = {};
    const order: [keyof SignupFields, string][] = [
      ['memId', 'U101'],
      ['memPassCheck', 'U113'],
      ['memPhone', 'U114'],
      ['memNick', 'U105'],
      ['recommenderId', 'U106'],
      ['memName', 'U116'],
      ['cashOutPass', 'U103'],
      ['bank', 'U115'],
      ['bankacc', 'U117'],
    ];
    for (const [field, code] of order) {
      expect(validateSignup(f)).toBe(code);
      f[field] = good[field];
      if (field === 'memPassCheck') f.memPass = good.memPass;
    }
    expect(validateSignup(f)).toBeNull();
  });

  it('compares the withdrawal confirmation only when sent', () => {
    expect(validateSignup({ ...good, cashOutPassCheck: undefined })).toBeNull();
    expect(validateSignup({ ...good, cashOutPassCheck: '9999' })).toBe('U118');
  });
});

describe('validateAccountEdit, in the product order', () => {
  const ok = { memPass: 'newpass1', memPassCheck: 'newpass1', cashOutPass: '5678', cashOutPassCheck: '5678' };
  it('passes a complete form', () => {
    expect(validateAccountEdit(ok)).toBeNull();
  });
  it('checks each rule in turn', () => {
    expect(validateAccountEdit({})).toBe('U113');
    expect(validateAccountEdit({ memPassCheck: 'x' })).toBe('U119');
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'short' })).toBe('U102');
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'newpass1', cashOutPass: '1' })).toBe('U120');
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'newpass1', cashOutPassCheck: '1' })).toBe('U120');
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'newpass1', cashOutPassCheck: '1', cashOutPass: '12345' })).toBe('U103');
    // format checks come before the comparisons
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'newpass1', cashOutPassCheck: '1', cashOutPass: '1234' })).toBe('U113');
    expect(validateAccountEdit({ ...ok, cashOutPassCheck: '1111' })).toBe('U118');
  });
  it('leaves a wholly empty pair unchanged', () => {
    expect(validateAccountEdit({ memPass: 'newpass1', memPassCheck: 'newpass1' })).toBeNull();
    expect(validateAccountEdit({ cashOutPass: '5678', cashOutPassCheck: '5678' })).toBeNull();
    expect(validateAccountEdit({ memPass: '', memPassCheck: '', cashOutPass: '', cashOutPassCheck: '' })).toBe('U113');
    expect(validateAccountEdit({ memPassCheck: 'x', memPass: 'newpass1' })).toBe('U113');
    expect(accountEditChanges({ cashOutPassCheck: '1' })).toEqual({ pass: false, out: true });
  });
});
