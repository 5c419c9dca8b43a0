import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { rateModal } from './rateModal';

const RateModal = lazy(() => import('./RateModal'));

/** Loads the rate modal the first time a list opens it. */
export function RateModalHost() {
  const { memId } = useSnapshot(rateModal);
  const [used, setUsed] = useState(false);
  if (memId != null && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <RateModal />
    </Suspense>
  ) : null;
}
