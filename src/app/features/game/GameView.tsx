import { useEffect, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { closeGame, gameMessages, gameView, refreshCoin } from '../../lib/gameView';
import { session } from '../../lib/session/store';
import { useApi } from '../../lib/useApi';
import { Money } from '../../widgets/Money';
import css from './GameView.module.css';

/** The history entry the view adds while open, so the phone's back button closes the game, not the lobby. */
const OPEN_STATE = 'pitbossGame';
const marked = (state: object) => OPEN_STATE in state;

/**
 * A game full screen inside the app: the vendor's launch page in a frame under a bar with the game's
 * name, the balance kept live (the session's coin check, the live channel, and a read after each bet
 * the page reports) and a close control. Back, Escape and the close button all close it.
 */
export function GameView() {
  const api = useApi();
  const { game } = useSnapshot(gameView);
  const { member } = useSnapshot(session);
  const { t } = useLingui();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const open = !!game;

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
    if (!open && el?.open) el.close();
  }, [open]);

  // one history entry per open game: back closes it; closing by hand takes the entry off again
  useEffect(() => {
    if (!open) return;
    const history = router.history;
    history.push(history.location.href, { [OPEN_STATE]: true });
    const stop = history.subscribe(({ location }) => {
      if (!marked(location.state)) closeGame();
    });
    return () => {
      stop();
      if (marked(history.location.state)) history.back();
    };
  }, [open, router]);

  // the framed page is the app's own origin; anything else (another frame, another site) is ignored
  useEffect(() => {
    if (!open) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || !frame.current || e.source !== frame.current.contentWindow) return;
      if (e.data?.type === gameMessages.close) closeGame();
      if (e.data?.type === gameMessages.balance) void refreshCoin(api);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [api, open]);

  // unmounted with the lobby (another screen): the game goes with it
  useEffect(() => () => closeGame(), []);

  const transfer = game?.walletMode === 'transfer';
  return (
    <dialog
      ref={dialog}
      className={css.view}
      aria-label={game?.name}
      data-testid="game-view"
      onCancel={(e) => {
        e.preventDefault();
        closeGame();
      }}
    >
      {game && (
        <>
          <header className={css.bar} data-testid="game-view-bar">
            <button type="button" className={css.close} onClick={() => closeGame()} aria-label={t`게임 닫기`} data-testid="game-view-close">
              ✕
            </button>
            <strong className={css.name}>{game.name}</strong>
            <dl className={css.balance}>
              <dt>{transfer ? <Trans>게임머니</Trans> : <Trans>보유머니</Trans>}</dt>
              <dd data-testid="game-view-balance">
                <Money value={transfer ? member?.gameAmt : member?.cashAmt} />
              </dd>
            </dl>
          </header>
          {game.url ? (
            <iframe
              ref={frame}
              className={css.frame}
              src={game.url}
              title={game.name}
              allow="autoplay; fullscreen"
              // a vendor's page runs its game but never navigates the app away
              sandbox="allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox"
              data-testid="game-frame"
            />
          ) : (
            <p className={css.loading} role="status">
              <Trans>게임을 불러오는 중…</Trans>
            </p>
          )}
        </>
      )}
    </dialog>
  );
}
