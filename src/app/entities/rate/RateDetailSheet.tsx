import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryName } from '../bet/betCodes';
import { gameGroupsQueryOptions } from '../bet/gameGroups';
import { useRateDraft } from './rateDraft';
import { multipleRateQueryOptions, useSaveMultipleRates } from './rates';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { inputClass } from '../../ui/Field';
import { RateFields } from './RateFields';
import css from '../../ui/Rates.module.css';
import { apiMessage } from '../../lib/apiMessage';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';

/** Detail (per-vendor, per rate type) rates of one category; only a PTN_1 partner may save them. */
export function RateDetailSheet({ memId, category, onClose }: { memId: string; category: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <BottomSheet open={category != null} title={t`${memId} 상세 요율 설정 · ${category ? categoryName(category) : ''}`} onClose={onClose}>
      {category && <Vendors memId={memId} category={category} onDone={onClose} />}
    </BottomSheet>
  );
}

function Vendors({ memId, category, onDone }: { memId: string; category: string; onDone: () => void }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const vendors = useQuery(gameGroupsQueryOptions(api, prefix)).data?.list.find((g) => g.groupCode === category)?.vendors ?? [];
  const [vendor, setVendor] = useState<string | null>(null);
  const chosen = vendor ?? vendors[0]?.vendorCode;
  if (!chosen)
    return (
      <Empty>
        <Trans>게임사가 없습니다.</Trans>
      </Empty>
    );
  return (
    <div className={css.detail}>
      {vendors.length > 1 && (
        <select className={inputClass} aria-label={t`게임사`} value={chosen} onChange={(e) => setVendor(e.target.value)}>
          {vendors.map((v) => (
            <option key={v.vendorCode} value={v.vendorCode}>
              {v.vendorName}
            </option>
          ))}
        </select>
      )}
      <TypeRates key={chosen} memId={memId} vendorCode={chosen} onDone={onDone} />
    </div>
  );
}

function TypeRates({ memId, vendorCode, onDone }: { memId: string; vendorCode: string; onDone: () => void }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const me = caller.memId;
  const q = useQuery(multipleRateQueryOptions(api, prefix, me, memId, vendorCode));
  const saveRates = useSaveMultipleRates(prefix, me);
  const list = q.data?.multipleRateInfo.rateList ?? [];
  if (q.isPending) return <p>…</p>;
  if (q.isError) return <Empty>{q.error.message || apiMessage(q.error)}</Empty>;
  return (
    <TypeRows
      key={q.dataUpdatedAt}
      list={list}
      canSave={caller.partnerLevel === 'PTN_1' && memId !== me}
      onSave={async (rows) => {
        if (await saveRates(memId, vendorCode, rows)) onDone();
      }}
    />
  );
}

type TypeRow = {
  rateType: string;
  rateTypeName: string;
  pointRate: number;
  loseRate: number;
  minPointRate: number;
  maxPointRate: number;
  minLoseRate: number;
  maxLoseRate: number;
};

function TypeRows({ list, canSave, onSave }: { list: TypeRow[]; canSave: boolean; onSave: (rows: { rateType: string; pointRate: string; loseRate: string }[]) => Promise<void> }) {
  const draft = useRateDraft(list.map((r) => ({ ...r, category: r.rateType })));
  return (
    <>
      <RateFields
        head={<Trans>구분</Trans>}
        rows={list.map((r) => ({ ...r, key: r.rateType, name: r.rateTypeName, ...draft.get(r.rateType) }))}
        onChange={draft.set}
        disabled={!canSave}
        testId="rate-detail"
      />
      {canSave ? (
        <Button
          variant="primary"
          block
          disabled={draft.blocked}
          onClick={() => void onSave(draft.list().map((r) => ({ rateType: r.category, pointRate: r.pointRate, loseRate: r.loseRate })))}
        >
          <Trans>저장</Trans>
        </Button>
      ) : (
        <p className={css.note}>
          <Trans>상세 요율은 대표 파트너만 변경할 수 있습니다.</Trans>
        </p>
      )}
    </>
  );
}
