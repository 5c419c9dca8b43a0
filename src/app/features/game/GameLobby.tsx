import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useLingui as useLanguage } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { categoryName } from '../../entities/bet/betCodes';
import { session } from '../../lib/session/store';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { SeenAt } from '../../widgets/SeenAt';
import { useLaunchGame, type LaunchTarget } from '../../entities/game/launch';
import { lobbyQueryOptions, type LobbyGame } from '../../entities/game/lobbyQueries';
import { useCaller } from '../../lib/caller';
import css from './Games.module.css';
import { useApi } from '../../lib/useApi';

// glyphs every system font has (emoji fonts are not everywhere)
const ICONS: Record<string, string> = { baccarat: '♠', slot: '❼', sports: '◉', oddeven: '⚄' };

/** The game categories as cards, each with its games; a tap launches. */
export function GameLobby() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  useLanguage(); // the category names follow the active language
  const { online } = useSnapshot(session);
  const caller = useCaller();
  const lobby = useQuery(lobbyQueryOptions(api, prefix, caller.memId));
  const launch = useLaunchGame();
  if (lobby.isPending) return null;
  const groups = (lobby.data ?? []).filter((g) => g.games.length > 0);
  if (groups.length === 0) {
    return <Empty>{lobby.isError || !online ? <Trans>연결되지 않아 게임 목록을 불러올 수 없습니다.</Trans> : <Trans>이용 가능한 게임이 없습니다.</Trans>}</Empty>;
  }
  return (
    <div className={css.groups} data-testid="game-lobby">
      <SeenAt query={lobby} />
      {!online && (
        <p className={css.offline} role="status" data-testid="lobby-offline">
          <Trans>오프라인 상태입니다. 연결되면 게임을 시작할 수 있습니다.</Trans>
        </p>
      )}
      {groups.map((g) => (
        <Card key={g.groupCode} className={`${css.group} ${css[g.groupCode] ?? ''}`} data-testid={`games-${g.groupCode}`}>
          <h2 className={css.groupName}>{categoryName(g.groupCode)}</h2>
          <ul className={css.tiles}>
            {g.games.map((game) => (
              <GameTile
                key={`${game.vendorCode}/${game.gameCode}`}
                game={game}
                launch={launch}
                vendorName={g.vendors.find((v) => v.vendorCode === game.vendorCode)?.vendorName ?? ''}
              />
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

function GameTile({ game, vendorName, launch }: { game: LobbyGame; vendorName: string; launch: (g: LaunchTarget) => Promise<void> }) {
  const maint = game.status === 'MAINT';
  return (
    <li>
      <button type="button" className={css.tile} disabled={maint} onClick={() => void launch(game)}>
        <span className={css.icon} aria-hidden>
          {ICONS[game.kind] ?? '★'}
        </span>
        <span className={css.name}>{game.gameName}</span>
        <span className={css.vendor}>{maint ? <Trans>점검 중</Trans> : vendorName}</span>
      </button>
    </li>
  );
}
