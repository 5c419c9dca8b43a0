import { describe, expect, it } from 'vitest';
import { callContext, type AppContext } from './context.js';

describe('callContext', () => {
  const app = { db: { name: 'db' }, clock: { now: () => new Date(0) } } as unknown as AppContext;

  it("reads the app's parts through and holds only the call's own fields", () => {
    const a = callContext(app, { ip: '10.0.0.1', caller: null as { id: number } | null });
    const b = callContext(app, { ip: '10.0.0.2', caller: null as { id: number } | null });
    expect(a.db).toBe(app.db);
    expect(a.clock.now().getTime()).toBe(0);
    a.caller = { id: 1 };
    expect(b.caller).toBeNull();
    expect([a.ip, b.ip]).toEqual(['10.0.0.1', '10.0.0.2']);
    // the app is shared, not copied: a spread of a call's context would lose it
    expect(Object.keys(a).sort()).toEqual(['caller', 'ip']);
    expect('caller' in app).toBe(false);
  });
});
