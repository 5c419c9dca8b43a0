import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { watchDecisions } from '../entities/cash/decisions';
import { toast } from '../lib/dialogs';
import { firstPaint } from '../lib/firstPaint';
import { session } from '../lib/session/store';
import { DialogHost } from '../ui/DialogHost';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { Toast } from '../ui/Toast';

// date formatting stays out of the first route until the network drops
const OfflineBanner = lazy(() => import('./OfflineBanner'));
// the service worker is registered once the first screen has painted
const UpdatePrompt = lazy(() => firstPaint.then(() => import('../ui/UpdatePrompt')).then((m) => ({ default: m.UpdatePrompt })));

/** Above the routes: the offline notice. Kept outside the router so it shows while routes load. */
export function AppTop() {
  const { online } = useSnapshot(session);
  if (online) return null;
  return (
    <Suspense>
      <OfflineBanner />
    </Suspense>
  );
}

/** Over the routes: the one alert/confirm, the loading overlay, the toast and the update prompt (route guards await alerts). */
export function AppOverlays() {
  const queryClient = useQueryClient();
  useEffect(() => watchDecisions(queryClient, toast), [queryClient]);
  return (
    <>
      <DialogHost />
      <Toast />
      <LoadingOverlay />
      <Suspense>
        <UpdatePrompt />
      </Suspense>
    </>
  );
}
