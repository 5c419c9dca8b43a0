import type { ReactNode } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { Banners } from '../../entities/site/Banners';
import { BoardLinks } from '../../entities/board/BoardLinks';
import { Card } from '../../ui/Card';
import { GameMoneyConvert } from '../../widgets/GameMoneyConvert';
import { Money } from '../../widgets/Money';
import css from './Lobby.module.css';

/**
 * The player's main lobby: transfers in progress on top, then the games (the header already shows money and points, once),
 * game money with its convert on one line above them; banners and the board links after.
 */
export function Lobby({ games, inProgress }: { games?: ReactNode; inProgress?: ReactNode }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member, gamesDown } = useSnapshot(session);
  const nick = member?.memNick ?? '';
  return (
    // kept as last seen (lib/lastPaint.ts): the route's loader has the games in before this renders
    <div className={css.page} data-testid="lobby" data-last-paint={member ? 'ready' : 'wait'}>
      <h1 className={css.hello}>
        <Trans>{nick}님, 환영합니다</Trans>
      </h1>
      {inProgress}
      {gamesDown && (
        <p className={css.down}>
          <Trans>게임이 일시 중지되었습니다.</Trans>
        </p>
      )}
      <Card className={css.gameMoney}>
        <div>
          <div className={css.gameMoneyLabel}>
            <Trans>게임머니</Trans>
          </div>
          <div className={css.amount} data-testid="game-money">
            <Money value={member?.gameAmt} />
          </div>
        </div>
        <GameMoneyConvert />
      </Card>
      {games}
      <Banners />
      <Link to="/$prefix/bettingHistory" params={{ prefix }} className={css.historyLink}>
        <Trans>베팅내역</Trans> ›
      </Link>
      <Card title={<Trans>고객센터</Trans>}>
        <BoardLinks />
      </Card>
    </div>
  );
}
