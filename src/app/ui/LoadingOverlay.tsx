import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { dialogs } from '../lib/dialogs';
import css from './AppChrome.module.css';

/** Global loading overlay; locks page scroll while shown. */
export function LoadingOverlay() {
  const { loading, note } = useSnapshot(dialogs);
  const { t } = useLingui();
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', loading > 0);
  }, [loading]);
  if (loading === 0) return null;
  return (
    <div className={css.overlay} role="progressbar" aria-label={note ?? t`불러오는 중`}>
      <div className={css.spinner} />
      {note && <p className={css.overlayNote}>{note}</p>}
    </div>
  );
}
