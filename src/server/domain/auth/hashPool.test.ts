import { describe, expect, it } from 'vitest';
import { HashBusy, HashPool } from './hashPool.js';

const held = () => {
  let release!: () => void;
  const p = new Promise<void>((r) => (release = r));
  return { p, release };
};

describe('HashPool', () => {
  it('bounds the priority lane too: past its queue a priority hash is refused at once (R429), not queued', async () => {
    const pool = new HashPool(1, 2, 2);
    const gate = held();
    const jobs = [pool.run('priority', () => gate.p), pool.run('priority', () => gate.p), pool.run('priority', () => gate.p)];
    await expect(pool.run('priority', () => gate.p)).rejects.toBeInstanceOf(HashBusy);
    await expect(pool.run('priority', () => gate.p)).rejects.toMatchObject({ code: 'R429', lane: 'priority' });
    // the free lane keeps its own bound
    const free = [pool.run('free', () => gate.p), pool.run('free', () => gate.p)];
    await expect(pool.run('free', () => gate.p)).rejects.toMatchObject({ lane: 'free' });
    gate.release();
    await Promise.all([...jobs, ...free]);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, refused: 3 });
  });
});
