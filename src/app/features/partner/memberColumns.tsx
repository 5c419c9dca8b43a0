import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { partnerCalls } from '../../../contract/partner';
import { Button, buttonClass } from '../../ui/Button';
import type { Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import type { MoveKind, MoneyTarget } from '../../widgets/GiveRetrieveSheet';
import css from './Lists.module.css';
import { Fact, Facts } from '../../ui/Facts';

export type MemberRow = ResOf<typeof partnerCalls.lowerUserList>['list'][number];

/** Cells every member list shares; give/retrieve only for the caller's own members. */
export function useMemberCells(prefix: string, me: string, give: (r: MoneyTarget, kind?: MoveKind) => void) {
  const { t } = useLingui();
  const who = (r: MemberRow) => (
    <span className={css.idText}>
      <strong>{r.memId}</strong> <span className={css.muted}>{r.memNick}</span>
    </span>
  );
  const mine = (r: MemberRow) => r.recommenderId === me;
  const detail = (r: MemberRow) => (
    <Link className={buttonClass()} to="/$prefix/userDetail" params={{ prefix }} search={{ id: r.memId }} data-testid="row-detail">
      <Trans>상세</Trans>
    </Link>
  );
  const giveButton = (r: MemberRow, kind: MoveKind = 'cash') =>
    mine(r) ? (
      <Button onClick={() => give(r, kind)} data-testid={kind === 'cash' ? 'row-give' : 'row-point'}>
        {kind === 'cash' ? <Trans>지급/회수</Trans> : <Trans>포인트</Trans>}
      </Button>
    ) : null;
  const pair = (a: number, b: number) => (
    <>
      <Money value={a} /> / <Money value={b} />
    </>
  );
  const col = {
    who: { key: 'id', label: t`아이디 / 닉네임`, render: who },
    upper: { key: 'upper', label: t`상위`, render: (r) => r.recommenderId },
    cash: { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    point: { key: 'point', label: t`보유포인트`, numeric: true, render: (r) => <Money value={r.pointAmt} unit="point" /> },
    io: { key: 'io', label: t`입금/출금`, numeric: true, render: (r) => pair(r.cashIn, r.cashOut) },
    profit: { key: 'profit', label: t`입출금 손익`, numeric: true, render: (r) => <Money value={r.totalCashProfit} /> },
    rate: { key: 'rate', label: t`롤링/루징`, numeric: true, render: (r) => `${r.pointRate}% / ${r.loseRate}%` },
    betWin: { key: 'bet', label: t`베팅/당첨`, numeric: true, render: (r) => pair(r.totalBetAmt, r.totalBetWinAmt) },
    wl: {
      key: 'wl',
      label: t`윈로스`,
      numeric: true,
      render: (r) => (
        <span className={r.totalWlAmt > 0 ? css.pos : r.totalWlAmt < 0 ? css.neg : undefined}>
          <Money value={r.totalWlAmt} />
        </span>
      ),
    },
    casino: {
      key: 'casino',
      label: t`카지노 베팅/당첨/롤링/획득`,
      numeric: true,
      render: (r) => (
        <span className={css.stack}>
          {pair(r.byCasino.betAmt, r.byCasino.winAmt)}
          <span>{pair(r.byCasino.rollingAmt, r.byCasino.earnedRolling)}</span>
        </span>
      ),
    },
    slot: {
      key: 'slot',
      label: t`슬롯 베팅/당첨/롤링/획득`,
      numeric: true,
      render: (r) => (
        <span className={css.stack}>
          {pair(r.bySlot.betAmt, r.bySlot.winAmt)}
          <span>{pair(r.bySlot.rollingAmt, r.bySlot.earnedRolling)}</span>
        </span>
      ),
    },
    join: { key: 'join', label: t`가입일`, render: (r) => r.joinDate.slice(0, 10) },
  } satisfies Record<string, Column<MemberRow>>;
  /** The phone card: who on top, the chosen figures, then the buttons. */
  const card = (pairs: [string, (r: MemberRow) => React.ReactNode][], actions: (r: MemberRow) => React.ReactNode) => (r: MemberRow) => (
    <div className={css.card}>
      <div className={css.cardHead}>
        {who(r)}
        <span className={css.badge}>{r.myLevelName}</span>
      </div>
      <Facts className={css.pairs}>
        {pairs.map(([label, render]) => (
          <Fact key={label} label={label}>
            {render(r)}
          </Fact>
        ))}
      </Facts>
      <span className={css.actions}>{actions(r)}</span>
    </div>
  );
  return { col, card, detail, giveButton, mine };
}
