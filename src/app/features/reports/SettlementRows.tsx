import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { settleGroupName } from '../../entities/bet/betCodes';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { figure } from '../../entities/bet/figures';
import { openRateModal } from '../../entities/rate/rateModal';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import type { SettleGroup } from './groups';
import { calcQueryOptions, type CalcFilter } from '../../entities/report/settlementQueries';
import { useCaller } from '../../lib/caller';
import css from './Settlement.module.css';
import { useApi } from '../../lib/useApi';

export type SettleRow = NonNullable<ResOf<typeof statsCalls.myCalculate>['outSearchList']>[number];
type Figures = Pick<SettleRow, 'betAmt' | 'betAmtWin' | 'rollingAmt' | 'betResultAmt'>;

const groupFigures = (r: SettleRow, g: SettleGroup | 'all'): Figures =>
  g === 'all'
    ? r
    : { betAmt: figure(r, `${g}BetAmt`), betAmtWin: figure(r, `${g}BetAmtWin`), rollingAmt: figure(r, `${g}RollingAmt`), betResultAmt: figure(r, `${g}BetResultAmt`) };

function GroupCell({ label, f }: { label: string; f: Figures }) {
  return (
    <div className={css.group} data-label={label} role="cell">
      <span className={css.groupName}>{label}</span>
      <span title="bet">
        <Money value={f.betAmt} />
      </span>
      <span title="win">
        <Money value={f.betAmtWin} />
      </span>
      <span title="rolling">
        <Money value={f.rollingAmt} unit="point" />
      </span>
      <span>
        <Signed value={f.betResultAmt} />
      </span>
    </div>
  );
}

/** The header of the settlement grid (wide screens only). */
export function SettlementHead({ groups, mini }: { groups: SettleGroup[]; mini: boolean }) {
  const { t } = useLingui();
  return (
    <div className={`${css.row} ${css.headRow}`} role="row">
      <div className={css.name} role="columnheader">
        <Trans>파트너</Trans>
      </div>
      {mini && (
        <div role="columnheader">
          <Trans>미니 요율</Trans>
        </div>
      )}
      <div role="columnheader">
        <Trans>보유금</Trans>
      </div>
      <div role="columnheader">
        <Trans>입금 / 출금</Trans>
      </div>
      <div role="columnheader">
        <Trans>지급 / 회수</Trans>
      </div>
      {[...groups.map((g) => settleGroupName(g)), t`전체 베팅`].map((l) => (
        <div key={l} className={css.group} role="columnheader">
          <span className={css.groupName}>{l}</span>
          <span>
            <Trans>베팅</Trans>
          </span>
          <span>
            <Trans>당첨</Trans>
          </span>
          <span>
            <Trans>롤링</Trans>
          </span>
          <span>
            <Trans>손익</Trans>
          </span>
        </div>
      ))}
      <div role="columnheader" />
    </div>
  );
}

interface Props {
  rows: SettleRow[];
  depth: number;
  filter: CalcFilter;
  groups: SettleGroup[];
  mini: boolean;
  onBets: (memId: string) => void;
}

export function SettlementRows(p: Props) {
  return (
    <>
      {p.rows.map((r) => (
        <SettlementRow key={r.memId} r={r} {...p} />
      ))}
    </>
  );
}

function SettlementRow({ r, depth, filter, groups, mini, onBets }: Props & { r: SettleRow }) {
  const api = useApi();
  const { t } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const sub: CalcFilter = { ...filter, memId: r.memId, page: 1, per: 100 };
  const toggle = () => {
    // collapsing clears the loaded sub-partners
    if (open) client.removeQueries({ queryKey: calcQueryOptions(api, prefix, caller.memId, sub).queryKey });
    setOpen(!open);
  };
  return (
    <>
      <div className={css.row} role="row" data-depth={depth} style={{ ['--depth' as string]: depth }} data-testid="settle-row" data-mem={r.memId}>
        <div className={css.name} role="cell">
          {r.cntBottom > 0 ? (
            <button type="button" className={css.toggle} aria-expanded={open} aria-label={open ? t`접기` : t`펼치기`} onClick={toggle} data-testid="settle-toggle">
              {open ? '−' : '+'}
            </button>
          ) : (
            <span className={css.toggleSpace} />
          )}
          <span className={css.level}>{partnerLevelName(r.partnerLevel)}</span>
          <span className={css.id}>
            <strong>{r.memId}</strong> <small>{r.memNick}</small>
          </span>
        </div>
        {mini && (
          <div className={css.cell} data-label={t`미니 요율`} role="cell">
            {r.miniRate}% / {r.miniLoseRate}%
          </div>
        )}
        <div className={css.cell} data-label={t`보유금`} role="cell">
          <Money value={r.cashAmt} />
          <small>
            <Money value={r.pointAmt} unit="point" />
          </small>
        </div>
        <div className={css.cell} data-label={t`입금 / 출금`} role="cell">
          <Money value={r.userCashIn} />
          <small>
            <Money value={r.userCashOut} />
          </small>
        </div>
        <div className={css.cell} data-label={t`지급 / 회수`} role="cell">
          <Money value={r.userPayment} />
          <small>
            <Money value={r.userPayback} />
          </small>
        </div>
        <div className={`${css.group} ${css.legend}`} aria-hidden>
          <span />
          <span>
            <Trans>베팅</Trans>
          </span>
          <span>
            <Trans>당첨</Trans>
          </span>
          <span>
            <Trans>롤링</Trans>
          </span>
          <span>
            <Trans>손익</Trans>
          </span>
        </div>
        {groups.map((g) => (
          <GroupCell key={g} label={settleGroupName(g)} f={groupFigures(r, g)} />
        ))}
        <GroupCell label={t`전체 베팅`} f={groupFigures(r, 'all')} />
        <div className={css.actions} role="cell">
          <button type="button" className={css.small} onClick={() => onBets(r.memId)} data-testid="settle-bets">
            <Trans>회원 베팅</Trans>
          </button>
          <button type="button" className={css.small} onClick={() => openRateModal(r.memId)}>
            <Trans>요율</Trans>
          </button>
        </div>
      </div>
      {open && <Children filter={sub} depth={depth + 1} groups={groups} mini={mini} onBets={onBets} />}
    </>
  );
}

function Children({ filter, ...rest }: Omit<Props, 'rows'>) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const q = useQuery(calcQueryOptions(api, prefix, caller.memId, filter));
  if (q.isPending)
    return (
      <div className={css.loadingRow} style={{ ['--depth' as string]: rest.depth }}>
        …
      </div>
    );
  return <SettlementRows rows={q.data?.outSearchList ?? []} filter={filter} {...rest} />;
}
