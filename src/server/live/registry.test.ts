import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract/enums.js';
import { LOGOUT_CLOSE_DELAY_MS, Registry, type LiveConn } from './registry.js';

function conn(siteId: string, memId: string, sessionId: number, operator = false) {
  const got: LiveEvent[] = [];
  const c: LiveConn & { got: LiveEvent[]; closed: boolean } = {
    siteId,
    memId,
    sessionId,
    operator,
    got,
    closed: false,
    deliver: (e) => got.push(e),
    close() {
      c.closed = true;
    },
  };
  return c;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Registry', () => {
  it('sends operator-only events to the operators of that site alone', () => {
    const r = new Registry();
    const op = conn('s1', 'admin', 1, true);
    const player = conn('s1', 'user1', 2);
    const otherOp = conn('s2', 'admin', 3, true);
    [op, player, otherOp].forEach((c) => r.add(c));
    r.dispatch({ siteId: 's1', operators: true }, { type: 'ADMIN_PENDING', data1: 'cash', data2: '{}' });
    expect(op.got.map((e) => e.type)).toEqual(['ADMIN_PENDING']);
    expect(player.got).toEqual([]);
    expect(otherOp.got).toEqual([]);
  });

  it('routes to a member, a session and a whole site', () => {
    const r = new Registry();
    const a1 = conn('s1', 'a', 1);
    const a1b = conn('s1', 'a', 1);
    const b = conn('s1', 'b', 2);
    const other = conn('s2', 'a', 3);
    [a1, a1b, b, other].forEach((c) => r.add(c));
    expect(r.size).toBe(4);
    expect(r.targets({ siteId: 's1', memId: 'a' })).toEqual([a1, a1b]);
    expect(r.targets({ siteId: 's1', memId: 'a', sessionId: 1 })).toEqual([a1, a1b]);
    expect(r.targets({ siteId: 's1', memId: 'b', sessionId: 1 })).toEqual([]);
    expect(r.targets({ siteId: 's1', all: true })).toEqual([a1, a1b, b]);
    r.remove(a1);
    r.remove(a1b);
    expect(r.targets({ siteId: 's1', memId: 'a' })).toEqual([]);
    expect(r.size).toBe(2);
  });

  it('closes the sockets a LOGOUT reached, after a short delay', () => {
    vi.useFakeTimers();
    const r = new Registry();
    const old = conn('s1', 'a', 1);
    const fresh = conn('s1', 'a', 2);
    r.add(old);
    r.add(fresh);
    r.dispatch({ siteId: 's1', memId: 'a', sessionId: 1 }, { type: 'LOGOUT' });
    expect(old.got).toEqual([{ type: 'LOGOUT' }]);
    expect(old.closed).toBe(false);
    vi.advanceTimersByTime(LOGOUT_CLOSE_DELAY_MS);
    expect(old.closed).toBe(true);
    expect(fresh.closed).toBe(false);
    expect(fresh.got).toEqual([]);
  });
});
