import { describe, expect, it } from 'vitest';
import { REPLAY_WINDOW, SealKeys } from './sealKeys';
import { newKeyPair } from '../../contract/sealed';

describe('sealed body counters', () => {
  it('takes each counter once, out of order within the window, never below it', async () => {
    const store = new SealKeys();
    const { keyId } = await store.agree('site-1', (await newKeyPair()).pub);
    const key = store.get(keyId)!;
    const take = (n: number) => {
      if (!SealKeys.fresh(key, n)) return false;
      SealKeys.use(key, n);
      return true;
    };
    expect(take(1)).toBe(true);
    expect(take(1)).toBe(false);
    expect(take(3)).toBe(true);
    expect(take(2)).toBe(true);
    expect(take(2)).toBe(false);
    expect(take(3 + REPLAY_WINDOW)).toBe(true);
    // 3 is now below the window: refused even though never seen
    expect(take(3)).toBe(false);
    expect(take(4)).toBe(true);
    expect(take(3 + REPLAY_WINDOW)).toBe(false);
  });

  it('forgets nothing it must refuse while the window moves', async () => {
    const store = new SealKeys();
    const { keyId } = await store.agree('site-1', (await newKeyPair()).pub);
    const key = store.get(keyId)!;
    for (let n = 1; n <= 5 * REPLAY_WINDOW; n++) SealKeys.use(key, n);
    expect(key.seen.size).toBeLessThanOrEqual(REPLAY_WINDOW);
    for (const n of [1, 4 * REPLAY_WINDOW, 5 * REPLAY_WINDOW]) expect(SealKeys.fresh(key, n)).toBe(false);
    expect(SealKeys.fresh(key, 5 * REPLAY_WINDOW + 1)).toBe(true);
  });
});
