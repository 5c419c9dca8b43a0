import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { createPopup } from '../../../entities/partner/createPopup';

const CreatePopup = lazy(() => import('./CreatePopup'));

/** The create popup, loaded the first time it opens and kept mounted after. */
export function CreatePopupHost() {
  const { open } = useSnapshot(createPopup);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <CreatePopup />
    </Suspense>
  ) : null;
}
