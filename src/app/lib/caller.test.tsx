// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '../../contract/member';
import { session } from './session/store';
import { requireShell } from './guard';
import { keepCallerFresh, useCaller } from './caller';

// the app's build compiles the macros and owns the dialogs and the site check; none is under test here
vi.mock('@lingui/core/macro', () => ({ t: (s: TemplateStringsArray) => s.join('') }));
vi.mock('./dialogs', () => ({ alert: async () => undefined }));
vi.mock('./session/lifecycle', () => ({}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const partner = (memId: string): MemberInfo => ({
  memId,
  memName: memId,
  memNick: memId,
  partnerLevel: 'PTN_3',
  partnerLevelOrder: 3,
  loginType: 'PARTNER',
  cashAmt: 0,
  pointAmt: 0,
  gameAmt: 0,
  outAmtYn: 'N',
});

/** A guarded layout as the app's (`beforeLoad: requireShell`), a screen below it whose loader and component read the caller. */
function app() {
  const loaded: string[] = [];
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet });
  const site = createRoute({ getParentRoute: () => root, path: '$prefix' });
  const shell = createRoute({ getParentRoute: () => site, id: '_partner', beforeLoad: ({ params }) => requireShell(params.prefix, 'partner') });
  const screen = createRoute({
    getParentRoute: () => shell,
    path: 'x',
    loader: ({ context }) => void loaded.push(context.caller.memId),
    component: function Screen() {
      return createElement('p', { id: 'who' }, useCaller().memId);
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([site.addChildren([shell.addChildren([screen])])]),
    context: { queryClient: new QueryClient() },
    history: createMemoryHistory({ initialEntries: ['/demo/x'] }),
  });
  const el = document.createElement('div');
  const view = createRoot(el);
  return { router, loaded, el, view };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeEach(() => {
  session.site = { prefix: 'demo' } as typeof session.site;
  session.token = 'tok';
  session.member = partner('p1');
});
afterEach(() => {
  session.token = null;
  session.member = null;
});

describe('the caller in router context', () => {
  it('reaches loaders as context.caller and components through useCaller', async () => {
    const { router, loaded, el, view } = app();
    await act(async () => view.render(createElement(RouterProvider, { router })));
    await settle();
    expect(loaded).toEqual(['p1']);
    expect(el.querySelector('#who')?.textContent).toBe('p1');
    act(() => view.unmount());
  });

  it('follows a switch of user under an open screen', async () => {
    const { router, loaded, el, view } = app();
    const stop = keepCallerFresh(router);
    await act(async () => view.render(createElement(RouterProvider, { router })));
    await settle();
    session.member = partner('p2');
    await settle();
    expect(loaded).toEqual(['p1', 'p2']);
    expect(el.querySelector('#who')?.textContent).toBe('p2');
    // a balance tick is not a new caller: no reload
    session.member.cashAmt = 5;
    await settle();
    expect(loaded).toEqual(['p1', 'p2']);
    stop();
    act(() => view.unmount());
  });
});
