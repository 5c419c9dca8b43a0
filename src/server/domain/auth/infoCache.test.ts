import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { Publisher } from '../ports.js';
import { droppingOnPublish, InfoCache, type InfoAnswer } from './infoCache.js';

/** One process's publisher, as live/publisher.ts makes it (the domain does not import live/). */
function oneProcess(): Publisher {
  const bus = new EventEmitter();
  return {
    publish: (to, event) => bus.emit('event', to, event),
    onEvent: (l) => (bus.on('event', l), () => bus.off('event', l)),
    delivered: async () => {},
    heardAll: async () => true,
    watch: async () => {},
    unwatch() {},
    invalidate: async (w) => void bus.emit('invalidate', w),
    onInvalidate: (l) => (bus.on('invalidate', l), () => bus.off('invalidate', l)),
    connected: () => true,
    close: async () => void bus.removeAllListeners(),
  };
}

const answer = (cashAmt: number, loginType = 'NORMAL'): InfoAnswer =>
  ({ member: { memId: 'user1', cashAmt, loginType }, msgInfo: { newMsg: 0, newAnswer: 0 } }) as unknown as InfoAnswer;

describe('InfoCache', () => {
  const raw = oneProcess();
  const cache = new InfoCache(raw);
  const live = droppingOnPublish(raw, cache);
  afterEach(() => cache.drop('demo', 'user1'));

  it('answers from memory until an event to the member', async () => {
    let loads = 0;
    const load = async () => answer(++loads);
    expect((await cache.get('demo', 'user1', load)).member.cashAmt).toBe(1);
    expect((await cache.get('demo', 'user1', load)).member.cashAmt).toBe(1);
    live.publish({ siteId: 'demo', memId: 'user2' }, { type: 'CASH', data1: 0, data2: 0 });
    expect((await cache.get('demo', 'user1', load)).member.cashAmt).toBe(1);
    live.publish({ siteId: 'demo', memId: 'user1' }, { type: 'MSG', data1: 1, data2: null });
    expect((await cache.get('demo', 'user1', load)).member.cashAmt).toBe(2);
  });

  it('keeps no load that an event overtook', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const first = cache.get('demo', 'user1', async () => {
      await slow;
      return answer(100);
    });
    // the movement commits and is announced while the read is still out
    live.publish({ siteId: 'demo', memId: 'user1' }, { type: 'CASH', data1: 200, data2: 0 });
    release();
    expect((await first).member.cashAmt).toBe(100);
    expect((await cache.get('demo', 'user1', async () => answer(200))).member.cashAmt).toBe(200);
  });

  it('drops on an invalidation, and keeps no partner', async () => {
    await cache.get('demo', 'user1', async () => answer(1));
    await cache.changed('demo', 'user1');
    expect((await cache.get('demo', 'user1', async () => answer(2))).member.cashAmt).toBe(2);
    await cache.get('demo', 'ptn1', async () => answer(1, 'PARTNER'));
    expect((await cache.get('demo', 'ptn1', async () => answer(2, 'PARTNER'))).member.cashAmt).toBe(2);
  });
});
