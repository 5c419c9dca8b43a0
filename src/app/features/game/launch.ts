import { t } from '@lingui/core/macro';
import { gameCalls } from '../../../contract/game';
import { ApiError, type Api } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import { closeGame, openGame, showGame } from '../../lib/gameView';
import { currentKind } from '../../lib/guard';
import { isOnline } from '../../lib/write/online';
import { isLoggedIn, session } from '../../lib/session/store';
import { applyGameMoney } from '../../lib/session/userCash';
import type { LobbyGame } from '../../entities/game/lobbyQueries';

/** Launch from the lobby: the client-side refusals first, then the in-app view, then the server's answer. */
export async function launchGame(api: Api, g: Pick<LobbyGame, 'vendorCode' | 'gameCode' | 'gameType' | 'gameName'>): Promise<void> {
  if (!isLoggedIn()) return alert(t`로그인 후 이용해 주세요.`);
  if (currentKind() !== 'player') return alert(apiMessage(new ApiError('B0095')));
  if (session.gamesDown) return alert(t`게임 점검 중입니다. 잠시 후 다시 이용해 주세요.`);
  if (!isOnline()) return alert(t`오프라인 상태에서는 게임을 시작할 수 없습니다. 인터넷에 연결한 뒤 다시 시도해 주세요.`);
  const id = openGame(g.gameName);
  try {
    const r = await api(gameCalls.getGame, { vendorKey: g.vendorCode, gameType: g.gameType, gameKey: g.gameCode });
    applyGameMoney(r.cashAmt, r.gameAmt);
    showGame(id, r.gameurl, r.walletMode);
  } catch (err) {
    closeGame(id);
    await alert(apiMessage(err));
  }
}
