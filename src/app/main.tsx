import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { activateLanguage, i18n, storedLanguage } from './lib/i18n';
import { createQueryClient } from './lib/queryClient';
import { createApi } from './lib/api';
import { ApiContext } from './lib/useApi';
import { kindOf, loginOf } from './lib/guard';
import { onSignedOut } from './lib/session/lifecycle';
import { firstPaint, markPainted } from './lib/firstPaint';
import { addLateHead } from './lib/lateHead';
import { hasSavedSession, savedMemberId, session } from './lib/session/store';
import { LAST_PAINT_ID } from '../contract/earlyData';
import { applySiteBrand } from './lib/siteBrand';
import { NotFound } from './features/site/NotFound';
import { AppOverlays, AppTop } from './widgets/AppChrome';
import { guestRouteTree } from './guestRoutes';
import { playerLoginSite, siteOfPath } from './lib/sitePath';
import type { routeTree as RouteTree } from './routeTree.gen';
import './styles/tokens.css';
import './styles/authFrame.css';
import './styles/lastPaint.css';

// the one API client: it reads the site and token of the session at each call
const api = createApi(() => ({ site: session.site, token: session.token }));
// the one query cache: loaders, hooks and the signed-in session all get this one, never an import
const queryClient = createQueryClient();

const makeRouter = (routeTree: typeof RouteTree) =>
  createRouter({
    routeTree,
    context: { queryClient, api },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: false,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

const allRoutes = () => import('./routeTree.gen').then((m) => m.routeTree);

/**
 * A guest's player login starts on its own routes (guestRoutes.ts) and gets every page's after the
 * first paint; a navigation made before then (a link, a sign-in, the back button) waits for them.
 * Any other page, or a site with a sign-in kept, starts with them all (the server preloads them).
 */
function startRouter() {
  const site = playerLoginSite(location.pathname);
  if (!site || hasSavedSession(site)) return allRoutes().then(makeRouter);
  const router = makeRouter(guestRouteTree() as AnyRoute as typeof RouteTree);
  let grown: Promise<void> | undefined;
  const grow = () =>
    (grown ??= allRoutes().then((routeTree) => {
      router.update({ ...router.options, routeTree });
      unblock();
    }));
  const unblock = router.history.block({ blockerFn: () => grow().then(() => false), enableBeforeUnload: false });
  void firstPaint.then(grow);
  return Promise.resolve(router);
}

// a kept sign-in: its member's kept lists are read from the device while the code loads, not after
// the site's guard (the session's start uses them only for that same member)
const keptSite = siteOfPath(location.pathname);
const keptMember = keptSite ? savedMemberId(keptSite) : null;
if (keptSite && keptMember) void import('./lib/persist').then((m) => m.readAhead(keptSite, keptMember));

const lang = storedLanguage();
session.language = lang;
// no top-level await: a module that has one turns off the bundler's chunk merging for the whole build
void Promise.all([startRouter(), activateLanguage(lang, false)]).then(([router]) => {
  onSignedOut(({ reason, prefix, loginType }) => {
    if (reason === 'inspect' || reason === 'forced') {
      void router.navigate({ to: '/$prefix/warning', params: { prefix }, search: { reason: reason === 'inspect' ? 'inspect' : 'signedOut' }, replace: true });
    } else void router.navigate({ to: loginOf(kindOf(loginType)), params: { prefix }, replace: true });
  });

  // outside every site (the landing page, the platform console) the app's own colour shows
  router.subscribe('onResolved', ({ toLocation }) => {
    if (/^\/(?:platform(?:\/|$)|$)/.test(toLocation.pathname)) applySiteBrand(null);
  });

  // the page's last-seen copy, painted by the shell's script, stays until this app's page is ready
  if (document.getElementById(LAST_PAINT_ID)) void import('./lib/lastPaint').then((m) => m.releaseLastPaint(router));
  const rendered = router.subscribe('onRendered', () => {
    rendered();
    markPainted();
  });
  if (import.meta.env.PROD) void firstPaint.then(() => import('./lib/routePreloads')).then((m) => m.preloadOnNavigation(router));

  const root = createRoot(document.getElementById('root')!);
  // a transition: the first render is done in slices of a few milliseconds, not one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ApiContext value={api}>
              <AppTop />
              <RouterProvider router={router} />
              <AppOverlays />
            </ApiContext>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
});

void firstPaint.then(addLateHead);
