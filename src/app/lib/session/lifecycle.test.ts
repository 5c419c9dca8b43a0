import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, dialogs } from '../dialogs';

// the alert's words do not matter here; the macro needs the app's build to compile
vi.mock('@lingui/core/macro', () => ({ t: (parts: TemplateStringsArray, ...values: unknown[]) => String.raw(parts, ...values) }));

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
    await expect.poll(() => dialogs.queue.length).toBe(1);
    answer(true);
    await both;
    expect(session.token).toBeNull();
    expect(dialogs.queue).toHaveLength(0);
  });
});
