import { useNavigate, useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Tabs } from '../../ui/Tabs';
import { PointConvert } from './PointConvert';
import { PointHistory } from './PointHistory';
import css from './Cash.module.css';

export type PointTab = 'point' | 'pointuse' | 'pointuselist';

/** The point area: history, conversion request and conversion history, one route per tab. */
export function PointArea({ tab }: { tab: PointTab }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const navigate = useNavigate();
  const { t } = useLingui();
  // under the heading 포인트 the tabs need not repeat it: all three fit a 412 px phone
  const tabs = [
    { key: 'point' as const, label: t`적립 내역` },
    { key: 'pointuse' as const, label: t`전환 신청` },
    { key: 'pointuselist' as const, label: t`전환 내역` },
  ];
  return (
    <div className={css.page} data-testid="point-area">
      <h1 className={css.title}>{t`포인트`}</h1>
      <Tabs tabs={tabs} value={tab} onChange={(k) => void navigate({ to: `/$prefix/${k}`, params: { prefix } })} />
      {tab === 'point' && <PointHistory kind="in" />}
      {tab === 'pointuse' && <PointConvert />}
      {tab === 'pointuselist' && <PointHistory kind="out" />}
    </div>
  );
}
