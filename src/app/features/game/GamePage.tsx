import { lazy, Suspense, useEffect, useState, type LazyExoticComponent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiMessage } from '../../lib/apiMessage';
import { gameMessages } from '../../lib/gameView';
import { Money } from '../../widgets/Money';
import type { GameProps } from './play';
import { gameSessionQueryOptions } from '../../entities/game/playQueries';
import { RealityCheck } from './RealityCheck';
import css from './GamePlay.module.css';
import { useApi } from '../../lib/useApi';

const bodies: Record<string, LazyExoticComponent<(p: GameProps) => ReactNode>> = {
  slot: lazy(() => import('./SlotGame')),
  baccarat: lazy(() => import('./BaccaratGame')),
  oddeven: lazy(() => import('./MiniGame')),
  sports: lazy(() => import('./Sportsbook')),
};

/** Framed by the app's game view (same origin): that view shows the name, the balance and the close control. */
const framed = typeof window !== 'undefined' && window.parent !== window;
const tellApp = (type: string) => window.parent.postMessage({ type }, location.origin);

/**
 * The demo vendor's game page: the game, its balance and a close button; inside the app's game view
 * only the game (the view's bar has the rest), and it tells the view to close or to read the balance.
 */
export function GamePage() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t: token } = useSearch({ from: '/$prefix/game/$vendor/$game' });
  const { t } = useLingui();
  const navigate = useNavigate();
  const session = useQuery({ ...gameSessionQueryOptions(api, prefix, token), enabled: !!token });
  const [balance, setBalance] = useState<number | null>(null);
  const game = session.data;
  const shown = balance ?? game?.balance;

  useEffect(() => {
    if (game) document.title = `${game.gameName} · ${game.vendorName}`;
  }, [game]);

  useEffect(() => {
    if (!framed) return;
    // the frame has the keyboard focus once tapped: Escape closes the game here too (an open dialog's first)
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !document.querySelector('dialog[open]') && tellApp(gameMessages.close);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onBalance = (value: number) => {
    setBalance(value);
    if (framed) tellApp(gameMessages.balance);
  };

  const close = () => {
    if (framed) return tellApp(gameMessages.close);
    window.close();
    // a tab the player opened by hand cannot close itself: go back to the lobby instead
    setTimeout(() => void navigate({ to: '/$prefix/main', params: { prefix } }), 300);
  };

  const Body = game ? bodies[game.kind] : undefined;
  return (
    <div className={css.frame} data-testid="game-page" data-kind={game?.kind}>
      {!framed && (
        <header className={css.bar}>
          <button type="button" className={css.close} onClick={close} aria-label={t`게임 닫기`}>
            ✕
          </button>
          <div className={css.titles}>
            <strong className={css.gameName}>{game?.gameName ?? ' '}</strong>
            <span className={css.vendorName}>{game?.vendorName}</span>
          </div>
          <dl className={css.balance}>
            <dt>{game?.walletMode === 'transfer' ? <Trans>게임머니</Trans> : <Trans>보유머니</Trans>}</dt>
            <dd data-testid="game-balance">{shown == null ? '-' : <Money value={shown} />}</dd>
          </dl>
        </header>
      )}
      <main className={css.stage}>
        {!token || session.isError ? (
          <div className={css.problem} role="alert">
            <p>{token ? apiMessage(session.error) : <Trans>게임 정보가 없습니다. 로비에서 다시 실행해 주세요.</Trans>}</p>
            <button type="button" className={css.primary} onClick={close}>
              <Trans>닫기</Trans>
            </button>
          </div>
        ) : !game ? (
          <p className={css.loading}>
            <Trans>게임을 불러오는 중…</Trans>
          </p>
        ) : Body ? (
          <Suspense
            fallback={
              <p className={css.loading}>
                <Trans>게임을 불러오는 중…</Trans>
              </p>
            }
          >
            <Body t={token} game={game} onBalance={onBalance} />
          </Suspense>
        ) : (
          <p className={css.problem}>
            <Trans>지원하지 않는 게임입니다.</Trans>
          </p>
        )}
      </main>
      {/* inside the app's game view the view shows the reality check, as it does over any vendor's page */}
      {!framed && <RealityCheck prefix={prefix} onStop={close} />}
    </div>
  );
}
