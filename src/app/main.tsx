import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
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
import { session } from './lib/session/store';
import { applySiteBrand } from './lib/siteBrand';
import { NotFound } from './features/site/NotFound';
import { AppOverlays, AppTop } from './widgets/AppChrome';
import { routeTree } from './routeTree.gen';
import './styles/tokens.css';

// the one API client: it reads the site and token of the session at each call
const api = createApi(() => ({ site: session.site, token: session.token }));
// the one query cache: loaders, hooks and the signed-in session all get this one, never an import
const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient, api },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

onSignedOut(({ reason, prefix, loginType }) => {
  if (reason === 'inspect' || reason === 'forced') {
    void router.navigate({ to: '/$prefix/warning', params: { prefix }, search: { reason: reason === 'inspect' ? 'inspect' : 'signedOut' }, replace: true });
  } else void router.navigate({ to: loginOf(kindOf(loginType)), params: { prefix }, replace: true });
});

const lang = storedLanguage();
session.language = lang;
// no top-level await: a module that has one turns off the bundler's chunk merging for the whole build
void activateLanguage(lang, false).then(() => {
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

// outside every site (the landing page, the platform console) the app's own colour shows
router.subscribe('onResolved', ({ toLocation }) => {
  if (/^\/(?:platform(?:\/|$)|$)/.test(toLocation.pathname)) applySiteBrand(null);
});

const rendered = router.subscribe('onRendered', () => {
  rendered();
  markPainted();
});
void firstPaint.then(addLateHead);
if (import.meta.env.PROD) void firstPaint.then(() => import('./lib/routePreloads')).then((m) => m.preloadOnNavigation(router));
