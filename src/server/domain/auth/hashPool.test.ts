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

describe('HashPool free lane, by source', () => {
  it("a flood from one address holds a quarter of the free queue at most, and another address's hash starts next", async () => {
    const pool = new HashPool(1, 16, 4);
    const gate = held();
    const order: string[] = [];
    const job = (source: string, name: string) =>
      pool.run(
        'free',
        async () => {
          order.push(name);
          await gate.p;
        },
        source,
      );
    // one running, then the flooding address waits with four; a fifth is refused at once
    const flood = [job('10.0.0.1', 'f0'), job('10.0.0.1', 'f1'), job('10.0.0.1', 'f2'), job('10.0.0.1', 'f3'), job('10.0.0.1', 'f4')];
    await expect(job('10.0.0.1', 'f5')).rejects.toBeInstanceOf(HashBusy);
    const real = job('10.9.9.9', 'real');
    gate.release();
    await Promise.all([...flood, real]);
    // the real login starts right after the hash that was running, ahead of the flood's queue
    expect(order.slice(0, 2)).toEqual(['f0', 'real']);
  });
});
