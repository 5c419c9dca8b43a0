import { t } from '@lingui/core/macro';
import { isApiError } from '../api';
import { apiMessage } from '../apiMessage';

/** What the write hook says when the device is offline: writes are refused, never queued. */
export const offlineText = (money: boolean) =>
  money
    ? t`오프라인 상태에서는 머니 요청을 처리할 수 없습니다. 연결을 확인한 뒤 다시 시도해 주세요.`
    : t`오프라인 상태에서는 처리할 수 없습니다. 인터넷 연결 후 다시 시도해 주세요.`;

/** C099 carries the server's own words; every other code its translated `api.{code}` text. */
export const refusalText = (err: unknown) => (isApiError(err, 'C099') ? err.message : apiMessage(err));
