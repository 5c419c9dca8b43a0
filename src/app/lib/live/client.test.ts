import { describe, expect, it } from 'vitest';
import { liveUrl, retryDelay } from './client';

describe('liveUrl', () => {
  it('follows the page scheme and host', () => {
    expect(liveUrl({ protocol: 'https:', host: 'play.example.com' })).toBe('wss://play.example.com/ws');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

describe('retryDelay', () => {
  it('doubles from 1s to a 30s cap', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((n) => retryDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('jitters within ±20%', () => {
    expect(retryDelay(0, () => 0)).toBe(800);
    expect(retryDelay(0, () => 0.999999)).toBe(1200);
    expect(retryDelay(10, () => 0.999999)).toBe(36000);
  });
});
