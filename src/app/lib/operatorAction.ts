import { alert, withLoading } from './dialogs';
import { offlineText, refusalText } from './write/messages';
import { isOnline } from './write/online';

/**
 * @deprecated use useWrite (lib/write/useWrite) with `onDone` for the success message. One operator
 * write: refused offline, the loading overlay, the refusal or the success message.
 */
export async function act<T>(work: () => Promise<T>, done?: string): Promise<T | null> {
  if (!isOnline()) {
    await alert(offlineText(false));
    return null;
  }
  try {
    const out = await withLoading(work());
    if (done) await alert(done);
    return out;
  } catch (err) {
    await alert(refusalText(err));
    return null;
  }
}
