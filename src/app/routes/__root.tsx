import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../lib/session/store';
import type { RouterContext } from '../lib/routerContext';
import { NotFound } from '../features/site/NotFound';
import { DialogHost } from '../ui/DialogHost';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { UpdatePrompt } from '../ui/UpdatePrompt';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
});

// date formatting stays out of the first route until the network drops
const OfflineBanner = lazy(() => import('../ui/OfflineBanner'));

function Root() {
  const { online } = useSnapshot(session);
  return (
    <>
      {!online && (
        <Suspense>
          <OfflineBanner />
        </Suspense>
      )}
      <Outlet />
      <DialogHost />
      <LoadingOverlay />
      <UpdatePrompt />
    </>
  );
}
