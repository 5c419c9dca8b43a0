import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, dialogs } from '../dialogs';

// the alert's words do not matter here; the macro needs the app's build to compile
vi.mock('@lingui/core/macro', () => ({ t: (parts: TemplateStringsArray, ...values: unknown[]) => String.raw(parts, ...values) }));
// the member's offline copy lives in IndexedDB, which this environment lacks
vi.mock('../persist', () => ({ dropPersist: () => Promise.resolve() }));

import type { MemberInfo } from '../../../contract/member';
import { signOut } from './lifecycle';
import { session } from './store';

describe('signOut', () => {
  beforeEach(() => {
    const kept = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    } as Storage;
    session.site = { prefix: 'demo' } as typeof session.site;
    session.token = 'token';
    session.member = null;
  });
  afterEach(() => {
    dialogs.queue.splice(0);
  });

  it('shows one alert when two paths see the same end at once (live LOGOUT and the 5-second check)', async () => {
    const both = Promise.all([signOut('elsewhere'), signOut('elsewhere')]);
    // signOut loads its parts on first use: a loaded machine takes longer than the poll's default second
    await expect.poll(() => dialogs.queue.length, { timeout: 15_000 }).toBe(1);
    answer(true);
    await both;
    expect(session.token).toBeNull();
    expect(dialogs.queue).toHaveLength(0);
  });

  it('keeps the name and balance on screen while the alert says why, with the stored token already gone', async () => {
    const member: MemberInfo = {
      memId: 'user5',
      memName: '김행운',
      memNick: '행운',
      partnerLevel: 'NORMAL',
      partnerLevelOrder: 8,
      loginType: 'NORMAL',
      cashAmt: 50_000,
      pointAmt: 0,
      gameAmt: 0,
      outAmtYn: 'Y',
    };
    session.member = member;
    localStorage.setItem('pitboss:demo:session', '{"token":"token"}');
    const ended = signOut('expired');
    await expect.poll(() => dialogs.queue.length, { timeout: 15_000 }).toBe(1);
    expect(session.member).toEqual(member);
    expect(session.token).toBeNull();
    expect(localStorage.getItem('pitboss:demo:session')).toBeNull();
    answer(true);
    await ended;
    expect(session.member).toBeNull();
  });
});
