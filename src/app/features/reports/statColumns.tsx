import { useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { partnerLevelName } from '../../entities/partner/levelNames';
import type { Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { openRateModal } from '../../entities/rate/rateModal';
import { Signed } from '../../widgets/Signed';
import css from './Statistics.module.css';

export type StatRow = ResOf<typeof statsCalls.betStatistics>['myStatData'];

/** Betting status columns (seed order); the who column is left to the caller (a drill-down button or plain text). */
export function useStatColumns(who: (r: StatRow) => React.ReactNode): Column<StatRow>[] {
  const { t } = useLingui();
  const m = (k: keyof StatRow, label: string): Column<StatRow> => ({ key: k, label, numeric: true, render: (r) => <Money value={r[k] as number} /> });
  return [
    { key: 'level', label: t`등급`, render: (r) => (r.partnerLevel ? partnerLevelName(r.partnerLevel) : t`합계`) },
    { key: 'who', label: t`아이디(닉네임)`, render: who },
    m('cashInAmtSum', t`총 충전`),
    m('cashOutAmtSum', t`총 환전`),
    m('betAmtSum', t`총 베팅`),
    m('winAmtSum', t`총 당첨`),
    { key: 'winLose', label: t`베팅-당첨`, numeric: true, render: (r) => <Signed value={r.winLoseSum} /> },
    m('rollingSum', t`총 롤링`),
    { key: 'bep', label: t`베팅 손익`, numeric: true, render: (r) => <Signed value={r.totalBEP} /> },
    m('losingAmtSum', t`총 루징`),
    { key: 'loseRate', label: t`루징 %`, numeric: true, render: (r) => (r.partnerLevel ? `${r.loseRate}%` : '-') },
    m('couponCashSum', t`쿠폰`),
    m('cashAmtSum', t`보유머니`),
    m('pointAmtSum', t`보유롤링`),
    { key: 'rate', label: t`요율`, render: (r) => (r.memId ? <button type="button" className={css.rateButton} onClick={() => openRateModal(r.memId)}>{t`요율`}</button> : null) },
  ];
}
