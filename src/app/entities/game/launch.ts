import { t } from '@lingui/core/macro';
import { gameCalls } from '../../../contract/game';
import { ApiError } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import { closeGame, openGame, showGame } from '../../lib/gameView';
import { currentKind } from '../../lib/guard';
import { useApi } from '../../lib/useApi';
import { isOnline } from '../../lib/write/online';
import { useWrite } from '../../lib/write/useWrite';
import { isLoggedIn, session } from '../../lib/session/store';
import { applyGameMoney } from '../../lib/session/userCash';
import type { LobbyGame } from './lobbyQueries';

export type LaunchTarget = Pick<LobbyGame, 'vendorCode' | 'gameCode' | 'gameType' | 'gameName'>;

/**
 * Launch from the lobby, a money move (a transfer-wallet vendor takes the cash into the game): the
 * client-side refusals first, then the in-app view at once with the game's name, then the server's
 * answer through the write hook (a refusal closes the view and is said in a dialog).
 */
export function useLaunchGame(): (g: LaunchTarget) => Promise<void> {
  const api = useApi();
  const write = useWrite({
    run: async (g: LaunchTarget) => {
      const id = openGame(g.gameName);
      try {
        return { id, r: await api(gameCalls.getGame, { vendorKey: g.vendorCode, gameType: g.gameType, gameKey: g.gameCode }) };
      } catch (err) {
        closeGame(id);
        throw err;
      }
    },
    money: true,
    // the game view is the progress: it opens at once with the game's name
    overlay: false,
    // the answer's balances are applied here; the live CASH push refreshes the money lists
    invalidates: [],
    onDone: ({ id, r }) => {
      applyGameMoney(r.cashAmt, r.gameAmt);
      showGame(id, r.gameurl, r.walletMode);
    },
  });
  return async (g) => {
    if (!isLoggedIn()) return alert(t`로그인 후 이용해 주세요.`);
    if (currentKind() !== 'player') return alert(apiMessage(new ApiError('B0095')));
    if (session.gamesDown) return alert(t`게임 점검 중입니다. 잠시 후 다시 이용해 주세요.`);
    if (!isOnline()) return alert(t`오프라인 상태에서는 게임을 시작할 수 없습니다. 인터넷에 연결한 뒤 다시 시도해 주세요.`);
    await write.submit(g);
  };
}
