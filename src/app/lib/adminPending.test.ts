import { describe, expect, it } from 'vitest';
import { readCounts } from './adminPending';

describe('readCounts', () => {
  const good = { cash: { applied: 2, waiting: 1, deposits: 2, withdrawals: 1, appliedIn: 1, appliedOut: 1, waitingIn: 1, waitingOut: 0 }, qna: 3, partnerRequests: 0 };
  it('reads the pushed pending counts', () => {
    expect(readCounts(JSON.stringify(good))).toEqual(good);
  });
  it('refuses anything else', () => {
    expect(readCounts('not json')).toBeNull();
    expect(readCounts(null)).toBeNull();
    expect(readCounts(JSON.stringify({ ...good, qna: '3' }))).toBeNull();
    expect(readCounts(JSON.stringify({ qna: 1, partnerRequests: 1 }))).toBeNull();
  });
});
