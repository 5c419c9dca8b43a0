import { apiMessage } from './apiMessage';
import { alert, withLoading } from './dialogs';
import { refuseOffline } from './offlineWrite';

/** One operator write: refused offline, the loading overlay, the error or the success message. */
export async function act<T>(work: () => Promise<T>, done?: string): Promise<T | null> {
  if (await refuseOffline()) return null;
  try {
    const out = await withLoading(work());
    if (done) await alert(done);
    return out;
  } catch (err) {
    await alert(apiMessage(err));
    return null;
  }
}
