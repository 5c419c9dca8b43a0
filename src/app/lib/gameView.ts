import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { memberCalls } from '../../contract/member';
import { isApiError, type Api } from './api';
import { signOut } from './session/lifecycle';
import { session } from './session/store';
import { applyUserCash } from './session/userCash';

/** The game open over the app: its name at once, its page once the launch answered. */
export interface OpenGame {
  /** which tap opened it: a late launch answer never lands in a game opened after it */
  id: number;
  name: string;
  url: string | null;
  walletMode: 'seamless' | 'transfer';
}

/** The one in-app game view: full screen over the app, never a new tab or window. */
export const gameView = proxy({ game: null as OpenGame | null });

/**
 * What a game page framed by the app may ask of it (same origin only, see GameView): close the view,
 * or read the balance again after a bet.
 */
export const gameMessages = { close: 'pitboss:game-close', balance: 'pitboss:game-balance' } as const;

let opened = 0;

export function openGame(name: string): number {
  gameView.game = { id: ++opened, name, url: null, walletMode: 'seamless' };
  return opened;
}

export function showGame(id: number, url: string, walletMode: OpenGame['walletMode']) {
  if (gameView.game?.id === id) Object.assign(gameView.game, { url, walletMode });
}

/** Closes the game (or only the one opened by tap `id`). */
export function closeGame(id?: number) {
  if (id === undefined || gameView.game?.id === id) gameView.game = null;
}

/** The coin amount read at once (after a bet in the game); TK999 ends the game and the session. */
export async function refreshCoin(api: Api) {
  if (!session.token) return;
  try {
    applyUserCash(await api(memberCalls.userCash, {}));
  } catch (err) {
    if (isApiError(err, 'TK999')) {
      closeGame();
      await signOut('elsewhere');
    }
  }
}

// the session's end closes the game at once, before the alert that says why
subscribeKey(session, 'token', (token) => !token && closeGame());
