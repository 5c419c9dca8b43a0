import { t } from '@lingui/core/macro';
import { alert } from './dialogs';
import { session } from './session/store';

/** Writes are never queued: offline, say so and let the caller stop. */
export async function refuseOffline(): Promise<boolean> {
  const offline = !session.online || (typeof navigator !== 'undefined' && navigator.onLine === false);
  if (offline) await alert(t`오프라인 상태에서는 처리할 수 없습니다. 인터넷 연결 후 다시 시도해 주세요.`);
  return offline;
}
