import { memberCalls } from '../../contract/member';
import { isApiError, type Api } from './api';
import { dialogs } from './dialogs';
import { onSignedOut, signOut } from './session/lifecycle';
import { session } from './session/store';
import { applyUserCash } from './session/userCash';

const CHECK_MS = 10_000;
const POPUP_H = 800;

let game: Window | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let holdsOverlay = false;
// the client of the launch that opened the window: the coin check runs while it is open
let api: Api | null = null;

/** Phones (narrow or touch-first) play in a new tab; desktops in a sized popup. */
export const playsInTab = () => matchMedia('(max-width: 767px), (pointer: coarse)').matches;

export function popupSize(category: string) {
  return category === 'mini' ? { width: Math.round(POPUP_H * 1.78), height: POPUP_H } : { width: 1500, height: POPUP_H };
}

/**
 * Opens the game window synchronously on the tap (browsers block a window opened after an await),
 * with the loading overlay up until the game is pointed at it or the window is closed.
 */
export function openGameWindow(client: Api, category: string): Window | null {
  closeGameWindow();
  api = client;
  let w: Window | null;
  if (playsInTab()) w = window.open('', '_blank');
  else {
    const { width, height } = popupSize(category);
    const left = Math.max(0, Math.round((screen.availWidth - width) / 2));
    const top = Math.max(0, Math.round((screen.availHeight - height) / 2));
    w = window.open('', 'pitbossGame', `popup,width=${width},height=${height},left=${left},top=${top}`);
  }
  if (!w) return null;
  game = w;
  if (!holdsOverlay) {
    holdsOverlay = true;
    dialogs.loading++;
  }
  timer = setInterval(() => void checkClosed(), CHECK_MS);
  return w;
}

export function showGame(url: string) {
  if (!game || game.closed) return;
  game.location.href = url;
  releaseOverlay();
}

export function closeGameWindow() {
  if (game && !game.closed) game.close();
  game = null;
  if (timer) clearInterval(timer);
  timer = null;
  releaseOverlay();
}

function releaseOverlay() {
  if (!holdsOverlay) return;
  holdsOverlay = false;
  dialogs.loading--;
}

/** The 10-second check: the coin amount (TK999 ends the game and the session) and, once closed, the overlay. */
async function checkClosed() {
  const closed = !game || game.closed;
  if (closed) closeGameWindow();
  await refreshCoin();
}

export async function refreshCoin() {
  if (!session.token || !api) return;
  try {
    applyUserCash(await api(memberCalls.userCash, {}));
  } catch (err) {
    if (isApiError(err, 'TK999')) {
      closeGameWindow();
      await signOut('elsewhere');
    }
  }
}

onSignedOut(() => closeGameWindow());
