import { describe, expect, it } from 'vitest';
import { hashToken, minutesLeft, needsRefresh, newToken, secondsLeft, sessionExpiry } from './tokens.js';

const now = new Date('2025-03-01T00:00:00Z');
const plus = (ms: number) => new Date(now.getTime() + ms);

describe('tokens', () => {
  it('are random, url-safe and hashed deterministically', () => {
    const a = newToken();
    const b = newToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(hashToken(b));
    expect(hashToken(a)).not.toContain(a);
  });

  it('sessions last 240 minutes', () => {
    expect(sessionExpiry(now).getTime() - now.getTime()).toBe(240 * 60_000);
    expect(sessionExpiry(now, 10)).toEqual(plus(10 * 60_000));
  });

  it('counts minutes and seconds left', () => {
    expect(minutesLeft(plus(240 * 60_000), now)).toBe(240);
    expect(minutesLeft(plus(59_999), now)).toBe(0);
    expect(minutesLeft(plus(-1), now)).toBe(-1);
    expect(secondsLeft(plus(240 * 60_000), now)).toBe(14_400);
    expect(secondsLeft(plus(1_999), now)).toBe(1);
    expect(secondsLeft(plus(-5_000), now)).toBe(0);
  });

  it('needs a refresh at 5 minutes or less', () => {
    expect(needsRefresh(plus(5 * 60_000 + 1), now)).toBe(false);
    expect(needsRefresh(plus(5 * 60_000), now)).toBe(true);
    expect(needsRefresh(plus(1), now)).toBe(true);
    expect(needsRefresh(plus(-1), now)).toBe(true);
    expect(needsRefresh(plus(10 * 60_000), now, 10)).toBe(true);
  });
});
