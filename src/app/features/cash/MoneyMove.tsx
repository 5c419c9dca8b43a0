import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFresh } from '../../entities/cash/freshRow';
import { Tabs } from '../../ui/Tabs';
import { MoveForm } from './MoveForm';
import { SendHistory } from './SendHistory';
import css from './RetailCash.module.css';

/** partnerMoneyMoveList: the give/retrieve form and, by default, the history of gives and retrieves. */
export function MoneyMove() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const [tab, setTab] = useState<'form' | 'history'>('history');
  // a receipt's "내역 보기" from the form tab shows its row in the history
  const fresh = useFresh('moneyMove');
  const [seen, setSeen] = useState(fresh);
  if (fresh !== seen) {
    setSeen(fresh);
    if (fresh) setTab('history');
  }
  return (
    <div className={css.page} data-testid="money-move">
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>머니 지급/회수</Trans>
        </h1>
        <Link className={css.link} to="/$prefix/cashList" params={{ prefix }}>
          <Trans>입출금 내역 보기</Trans>
        </Link>
      </div>
      <Tabs
        tabs={[
          { key: 'form', label: t`지급/회수` },
          { key: 'history', label: t`지급/회수 내역` },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'form' ? <MoveForm /> : <SendHistory />}
    </div>
  );
}
