import { useSnapshot } from 'valtio';
import { t } from '@lingui/core/macro';
import { bankHours } from '../../../contract/cash';
import { session } from '../../lib/session/store';
import { offlineReason } from '../../widgets/FormClosed';
import { useCashLimits } from './limits';
import { useOpenRequest } from './OpenRequest';

/**
 * Why a deposit (1) or withdrawal (-1) form is closed before anything is typed, or null when it is
 * open: offline, the site's switch, a suspended member, the bank's hours (server's clock), an open
 * request or one not known. Amount rules are said under the field instead.
 */
export function useFormClosed(cashType: 1 | -1) {
  const { online, member } = useSnapshot(session);
  const limits = useCashLimits();
  const { open, unknown } = useOpenRequest(cashType);
  const withdraw = cashType === -1;
  const reason = !online
    ? offlineReason(withdraw ? 'withdrawal' : 'deposit')
    : withdraw && limits.withdrawalBanned
      ? t`지금은 사이트 출금이 중지되어 있어요. 잠시 후 다시 이용해 주세요.`
      : !withdraw && limits.depositBanned
        ? t`지금은 사이트 입금이 중지되어 있어요. 잠시 후 다시 이용해 주세요.`
        : withdraw && member?.outAmtYn !== 'Y'
          ? t`출금이 정지된 상태예요. 고객센터에 문의해 주세요.`
          : withdraw && limits.bankClosed
            ? t`은행 점검 시간이라 출금 신청을 받을 수 없어요. ${bankHours.end}부터 신청할 수 있어요.`
            : open
              ? withdraw
                ? t`처리 중인 출금 신청이 끝나면 새로 신청할 수 있어요.`
                : t`처리 중인 입금 신청이 끝나면 새로 신청할 수 있어요.`
              : unknown
                ? t`신청 내역을 확인할 수 없어 지금은 신청할 수 없어요.`
                : null;
  return { reason, open, limits };
}
