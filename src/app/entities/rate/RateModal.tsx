import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryName } from '../bet/betCodes';
import { rateModal } from './rateModal';
import { rateInfoListQueryOptions } from './rates';
import { BottomSheet } from '../../ui/BottomSheet';
import { Empty } from '../../ui/Empty';
import { RateFields } from './RateFields';
import { apiMessage } from '../../lib/apiMessage';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';

/** Rolling and losing percent per game category of the member a list row named. */
export default function RateModal() {
  const { memId } = useSnapshot(rateModal);
  const { t } = useLingui();
  return (
    <BottomSheet open={memId != null} title={t`${memId ?? ''} 요율`} onClose={() => (rateModal.memId = null)}>
      {memId && <Rates memId={memId} />}
    </BottomSheet>
  );
}

function Rates({ memId }: { memId: string }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const q = useQuery(rateInfoListQueryOptions(api, prefix, caller.memId, memId));
  if (q.isPending) return <p>…</p>;
  if (q.isError) return <Empty>{q.error.message || apiMessage(q.error)}</Empty>;
  return (
    <RateFields
      head={<Trans>게임</Trans>}
      rows={q.data.rateInfoList.map((r) => ({ key: r.category, name: categoryName(r.category), pointRate: r.pointRate, loseRate: r.loseRate }))}
      testId="rate-modal"
    />
  );
}
