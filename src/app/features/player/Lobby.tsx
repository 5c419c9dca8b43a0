import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import css from './Lobby.module.css';

/** The player's main lobby: balances (live) and the arrival notices. */
export function Lobby() {
  const { member, msgInfo, gamesDown } = useSnapshot(session);
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
      {(msgInfo.newMsg > 0 || msgInfo.newAnswer > 0) && (
        <ul className={css.notice} role="status">
          {msgInfo.newMsg > 0 && <li><Trans>쪽지가 도착했습니다.</Trans></li>}
          {msgInfo.newAnswer > 0 && <li><Trans>1:1 답변이 도착했습니다.</Trans></li>}
        </ul>
      )}
      {gamesDown && <p className={css.down}><Trans>게임이 일시 중지되었습니다.</Trans></p>}
      <Card title={<Trans>게임</Trans>}>
        <p className={css.soon}><Trans>게임 로비는 곧 열립니다.</Trans></p>
      </Card>
    </div>
  );
}
