// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../contract/codes';
import { session } from '../session/store';
import { useWrite, type Write, type WriteOptions } from './useWrite';

// the catalogue texts are compiled by the app's build; here each says which text it is
vi.mock('./messages', () => ({
  offlineText: (money: boolean) => (money ? 'offline:money' : 'offline'),
  refusalText: (err: unknown) => `refused:${(err as ApiError).code}`,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Vars = { amount: number };

/** Renders the hook in a component and hands back its latest result. */
function mount<R, F extends string>(o: WriteOptions<Vars, R, F>) {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (f) => void invalidated.push(f?.queryKey));
  const box: { current: Write<Vars, F> | null } = { current: null };
  function Probe() {
    box.current = useWrite(o);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Probe))));
  const submit = async (v: Vars) => {
    let out = false;
    await act(async () => {
      out = await box.current!.submit(v);
    });
    return out;
  };
  return {
    get w() {
      return box.current!;
    },
    submit,
    invalidated,
    unmount: () => act(() => root.unmount()),
  };
}

beforeEach(() => {
  session.online = true;
  session.site = { prefix: 'demo' } as typeof session.site;
  session.member = { memId: 'user1' } as typeof session.member;
});
afterEach(() => vi.restoreAllMocks());

describe('the write hook', () => {
  it('keeps the request id for a retry of the same action after a lost answer, and only then', async () => {
    const ids: string[] = [];
    let answer: () => unknown = () => {
      throw new ApiError('NT99');
    };
    const h = mount({ say: 'inline', sig: (v) => `deposit:${v.amount}`, run: async (_v, id) => (ids.push(id), answer()) });
    expect(await h.submit({ amount: 10 })).toBe(false);
    expect(await h.submit({ amount: 10 })).toBe(false); // the retry: same id
    expect(await h.submit({ amount: 20 })).toBe(false); // another action: a new id
    answer = () => ({ ok: true });
    expect(await h.submit({ amount: 20 })).toBe(true); // its retry succeeds with its id
    expect(await h.submit({ amount: 20 })).toBe(true); // done: the next press is a new action
    answer = () => {
      throw new ApiError('C202');
    };
    expect(await h.submit({ amount: 30 })).toBe(false);
    expect(await h.submit({ amount: 30 })).toBe(false); // a business answer ends the action: a new id
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
    expect(ids[3]).toBe(ids[2]);
    expect(new Set([ids[3], ids[4], ids[5], ids[6]]).size).toBe(4);
    h.unmount();
  });

  it('refuses offline at once with the money wording, never calling the server', async () => {
    const run = vi.fn(async () => 'x');
    const h = mount({ money: true, say: 'inline', run });
    session.online = false;
    expect(await h.submit({ amount: 1 })).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(h.w.error).toBe('offline:money');
    h.unmount();
  });

  it("refetches the signed-in user's queries after success, or the ones it names", async () => {
    const done = vi.fn();
    const mine = mount({ run: async () => 7, onDone: done });
    expect(await mine.submit({ amount: 1 })).toBe(true);
    expect(mine.invalidated).toEqual([['site', 'demo', 'u', 'user1']]);
    expect(done).toHaveBeenCalledWith(7, { amount: 1 }, expect.any(String));
    const named = mount({ run: async () => 7, invalidates: [['site', 'demo', 'x']] });
    await named.submit({ amount: 1 });
    expect(named.invalidated).toEqual([['site', 'demo', 'x']]);
    mine.unmount();
    named.unmount();
  });

  it('puts a refusal beside its field, with its own words when it carries data, and the rest on the form', async () => {
    let code: 'C008' | 'C210' = 'C008';
    const h = mount({
      say: 'inline',
      fields: { C008: 'pass' },
      describe: (err) => (err.code === 'C008' ? `tries:${(err.data as { triesLeft: number }).triesLeft}` : undefined),
      run: async () => {
        throw new ApiError(code, undefined, { triesLeft: 3 });
      },
    });
    await h.submit({ amount: 1 });
    expect(h.w.fieldErrors).toEqual({ pass: 'tries:3' });
    expect(h.w.error).toBeNull();
    act(() => h.w.clear('pass'));
    expect(h.w.fieldErrors).toEqual({});
    code = 'C210';
    await h.submit({ amount: 1 });
    expect(h.w.fieldErrors).toEqual({});
    expect(h.w.error).toBe('refused:C210');
    h.unmount();
  });

  it('runs one write at a time: a second press while the first runs does nothing', async () => {
    let release!: () => void;
    const run = vi.fn(() => new Promise<string>((r) => (release = () => r('ok'))));
    const h = mount({ run, overlay: false });
    let first!: Promise<boolean>;
    await act(async () => {
      first = h.w.submit({ amount: 1 });
    });
    expect(await h.submit({ amount: 1 })).toBe(false);
    await act(async () => {
      release();
      await first;
    });
    expect(run).toHaveBeenCalledTimes(1);
    h.unmount();
  });
});
