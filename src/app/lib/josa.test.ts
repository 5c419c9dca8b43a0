import { describe, expect, it } from 'vitest';
import { objectParticle } from './josa';

describe('objectParticle', () => {
  it('follows the last syllable as read: 원 takes 을, P (피) takes 를', () => {
    expect(objectParticle('40,000원')).toBe('을');
    expect(objectParticle('10,000P')).toBe('를');
    expect(objectParticle('출금')).toBe('을');
    expect(objectParticle('포인트')).toBe('를');
  });
});
