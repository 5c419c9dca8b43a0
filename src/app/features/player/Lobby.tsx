import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { Banners } from '../../ui/Banners';
import { BoardLinks } from '../../ui/BoardLinks';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import css from './Lobby.module.css';

/** The player's main lobby: balances (live), banners and the board links. */
export function Lobby() {
  const { member, gamesDown } = useSnapshot(session);
  const nick = member?.memNick ?? '';
  return (
    <div className={css.page} data-testid="lobby">
      <h1 className={css.hello}>
        <Trans>{nick}님, 환영합니다</Trans>
      </h1>
      <div className={css.cards}>
        <Card title={<Trans>보유머니</Trans>}>
          <div className={`${css.amount} ${css.cashAmount}`}><Money value={member?.cashAmt} /></div>
        </Card>
        <Card title={<Trans>포인트</Trans>}>
          <div className={css.amount}><Money value={member?.pointAmt} /></div>
        </Card>
      </div>
      <Banners />
      {gamesDown && <p className={css.down}><Trans>게임이 일시 중지되었습니다.</Trans></p>}
      <Card title={<Trans>게임</Trans>}>
        <p className={css.soon}><Trans>게임 로비는 곧 열립니다.</Trans></p>
      </Card>
      <Card title={<Trans>고객센터</Trans>}>
        <BoardLinks />
      </Card>
    </div>
  );
}
