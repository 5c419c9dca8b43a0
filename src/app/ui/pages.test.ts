import { describe, expect, it } from 'vitest';
import { pageWindow } from './pages';

describe('pageWindow', () => {
  it('shows pages 10 at a time', () => {
    expect(pageWindow(1, 95, 10)).toEqual({ pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], prev: null, next: null, last: 10 });
    expect(pageWindow(12, 250, 10).pages).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(12, 250, 10).prev).toBe(10);
    expect(pageWindow(12, 250, 10).next).toBe(21);
    expect(pageWindow(1, 0, 10).pages).toEqual([1]);
  });
});
