import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { cashTypeName, requestStatusName } from '../../entities/cash/codeNames';
import { detailContextQueryOptions } from '../../entities/member/queries';
import { shortDate } from '../../entities/board/boardLabels';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';
import { Card } from '../../ui/Card';
import { Fact, Facts } from '../../ui/Facts';
import { Money } from '../../widgets/Money';
import css from './AdminBoard.module.css';

/** Who asked, with what an answer needs at hand: its balances now and its open deposit and withdrawal requests. */
export function InquiryMember({ prefix, memId }: { prefix: string; memId: string }) {
  const api = useApi();
  const { memId: me } = useCaller();
  const q = useQuery(detailContextQueryOptions(api, prefix, me, memId));
  const c = q.data;
  if (q.isError) return null;
  return (
    <Card title={<Trans>문의한 회원</Trans>} data-testid="inquiry-member">
      <Facts>
        <Fact label={<Trans>회원</Trans>}>{c ? `${c.memId} (${c.memNick})` : memId}</Fact>
        <Fact label={<Trans>보유머니</Trans>} data-testid="inquiry-member-cash">
          {c ? <Money value={c.cashAmt} /> : '…'}
        </Fact>
        <Fact label={<Trans>보유포인트</Trans>}>{c ? <Money value={c.pointAmt} unit="point" /> : '…'}</Fact>
      </Facts>
      <h3 className={css.h2}>
        <Trans>처리 중인 입출금 신청</Trans>
      </h3>
      <ul className={css.openRequests} data-testid="inquiry-member-requests">
        {c?.openRequests.map((r) => (
          <li key={r.cashIdx}>
            <span>
              {cashTypeName(r.cashType)} <Money value={r.cashAmt} />
            </span>
            <span className={css.meta}>
              {requestStatusName(r.cashStatus)} · #{r.cashIdx} · {shortDate(r.regDate)}
            </span>
          </li>
        ))}
        {c && c.openRequests.length === 0 && (
          <li className={css.meta}>
            <Trans>없음</Trans>
          </li>
        )}
      </ul>
    </Card>
  );
}
