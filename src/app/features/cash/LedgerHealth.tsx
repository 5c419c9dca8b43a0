import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatKst, formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import { ledgerQueryOptions } from '../../entities/cash/queueQueries';
import { useCaller } from '../../lib/caller';
import css from './AdminCash.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

/** The ledger check: every stored balance rebuilt from its entries, every movement balanced. */
export function LedgerHealth() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const query = useQuery(ledgerQueryOptions(api, prefix, caller.memId));
  const r = query.data;
  const groups = r
    ? [
        { key: 'balance', title: t`잔액 불일치`, items: r.balanceMismatches },
        { key: 'unbalanced', title: t`차대 불일치 거래`, items: r.unbalancedMoves },
        { key: 'chain', title: t`잔액 연결 끊김`, items: r.chainBreaks },
        { key: 'negative', title: t`음수 잔액`, items: r.negatives },
      ]
    : [];

  return (
    <div className={css.page} data-testid="ledger-health">
      <h1 className={css.title}>
        <Trans>원장 점검</Trans>
      </h1>
      <div>
        <Button variant="primary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? <Trans>점검 중…</Trans> : <Trans>다시 점검</Trans>}
        </Button>
      </div>
      <SeenAt query={query} />
      {r && (
        <>
          <div className={r.ok ? css.ok : css.bad} role="status" data-testid="ledger-verdict">
            {r.ok ? <Trans>정상: 모든 잔액이 원장과 일치합니다.</Trans> : <Trans>문제가 발견되었습니다.</Trans>}
          </div>
          <Card>
            <Facts strong>
              <Fact label={<Trans>점검 시각</Trans>}>{Number.isNaN(Date.parse(r.checkedAt)) ? r.checkedAt : formatKst(Date.parse(r.checkedAt))}</Fact>
              <Fact label={<Trans>계정 수</Trans>}>{formatNumber(r.members)}</Fact>
              <Fact label={<Trans>원장 항목 수</Trans>}>{formatNumber(r.entries)}</Fact>
              <Fact label={<Trans>머니 총합(하우스 포함)</Trans>}>
                <Money value={r.totals.cash} />
              </Fact>
              <Fact label={<Trans>포인트 총합(하우스 포함)</Trans>}>
                <Money value={r.totals.point} unit="point" />
              </Fact>
            </Facts>
          </Card>
          {groups.map((g) => (
            <Card key={g.key} title={`${g.title} · ${formatNumber(g.items.length)}`}>
              {g.items.length === 0 ? (
                <p className={css.muted}>
                  <Trans>없음</Trans>
                </p>
              ) : (
                <div className={css.problem}>
                  {g.items.slice(0, 100).map((item, i) => (
                    <pre key={i} className={css.code}>
                      {JSON.stringify(item)}
                    </pre>
                  ))}
                </div>
              )}
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
