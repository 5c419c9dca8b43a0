import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryName } from '../../entities/bet/betCodes';
import { useSaveCategoryRates } from '../../entities/rate/rates';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { RateDetailSheet } from '../../entities/rate/RateDetailSheet';
import { SeenAt } from '../../widgets/SeenAt';
import { bottomRateQueryOptions } from '../../entities/rate/queries';
import { RateRow } from './RateRow';
import { useCaller } from '../../lib/caller';
import css from './Rates.module.css';
import { useApi } from '../../lib/useApi';

/** partnerRate: own rates per category and the direct downline's, each row edited and saved on its own. */
export function PartnerRate() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [word, setWord] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<{ memId: string; category: string } | null>(null);
  const q = useQuery(bottomRateQueryOptions(api, prefix, me, search, page));
  const saveRates = useSaveCategoryRates(prefix, me);
  const mine = q.data?.myRateInfo ?? [];
  const categories = mine.map((r) => r.category);

  return (
    <div className={css.page} data-testid="partner-rate">
      <h1 className={css.title}>
        <Trans>요율 설정</Trans>
      </h1>
      <p className={css.note}>
        <Trans>
          하위 회원의 롤링(포인트)과 루징 요율을 설정합니다. 하위의 요율은 내 요율을 넘을 수 없고, 그 회원의 하위 중 가장 높은 요율보다 낮출 수 없습니다. 요율을 변경하면 하루 동안
          다시 변경할 수 없습니다.
        </Trans>
      </p>
      <section className={css.mine} aria-label={t`내 요율`}>
        {mine.map((r) => (
          <div key={r.category} className={css.mineCard}>
            <span>{categoryName(r.category)}</span>
            <strong>
              {r.pointRate}% <small>/ {r.loseRate}%</small>
            </strong>
          </div>
        ))}
      </section>
      <FilterBar onSubmit={() => (setSearch(word.trim()), setPage(1))}>
        <input className={inputClass} type="search" aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={q} />
      {!q.isPending &&
        (q.data?.botttomRateList.length ? (
          <div className={css.tableWrap}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th>
                    <Trans>회원</Trans>
                  </th>
                  {categories.map((c) => (
                    <th key={c}>
                      {categoryName(c)}
                      <br />
                      <small>
                        <Trans>롤링 / 루징 %</Trans>
                      </small>
                    </th>
                  ))}
                  <th />
                </tr>
              </thead>
              <tbody>
                {q.data.botttomRateList.map((m) => (
                  <RateRow
                    key={`${m.memId}:${q.dataUpdatedAt}`}
                    m={m}
                    categories={categories}
                    onSave={(memId, list) => saveRates(memId, list)}
                    onDetail={(memId, category) => setDetail({ memId, category })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <Empty>
            <Trans>하위 회원이 없습니다.</Trans>
          </Empty>
        ))}
      {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
      <RateDetailSheet memId={detail?.memId ?? ''} category={detail?.category ?? null} onClose={() => setDetail(null)} />
    </div>
  );
}
