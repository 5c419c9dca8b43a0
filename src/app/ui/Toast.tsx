import { useSnapshot } from 'valtio';
import { dialogs } from '../lib/dialogs';
import css from './AppChrome.module.css';

/** The one short message over the tab bar (lib/dialogs toast); read out politely, gone by itself. */
export function Toast() {
  const { toast } = useSnapshot(dialogs);
  return (
    <div className={toast ? css.toast : undefined} role="status" aria-live="polite" data-testid="toast" hidden={!toast}>
      {toast}
    </div>
  );
}
