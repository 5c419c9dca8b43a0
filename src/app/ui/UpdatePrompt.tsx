import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Workbox } from 'workbox-window';
import { Button } from './Button';
import css from './AppChrome.module.css';

/** Registers the service worker and offers a reload when a new version is waiting. */
export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const w = new Workbox('/sw.js');
      w.addEventListener('waiting', () => setWaiting(true));
      w.addEventListener('controlling', () => window.location.reload());
      void w.register();
      setWb(w);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting || !wb) return null;
  return (
    <div className={css.update} role="status">
      <span>
        <Trans>새 버전이 있습니다.</Trans>
      </span>
      <Button variant="primary" onClick={() => wb.messageSkipWaiting()}>
        <Trans>업데이트</Trans>
      </Button>
    </div>
  );
}
