import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResOf } from '../../../contract/define';
import { protectionCalls } from '../../../contract/protection';
import { parseWire } from '../../lib/format';
import { protectionQueryOptions } from '../../entities/member/protectionQueries';
import { session } from '../../lib/session/store';
import { Money } from '../../widgets/Money';
import css from './GamePlay.module.css';
import { useApi } from '../../lib/useApi';

/** How soon a check whose figures did not arrive asks again. */
const RETRY_MS = 30_000;

/** The session's figures with the minutes played, counted when they arrived. */
type Figures = ResOf<typeof protectionCalls.playSession> & { played: number };

/**
 * The reality check: every N minutes of the player's choice (else the site's default; 0 off) a
 * dialog says how long this sign-in has lasted and its net result, to continue or stop playing.
 */
export function RealityCheck({ prefix, onStop }: { prefix: string; onStop: () => void }) {
  const api = useApi();
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const settings = useQuery({
    ...protectionQueryOptions(api, prefix, member?.memId ?? ''),
    enabled: member?.loginType === 'NORMAL',
  });
  const minutes = settings.data ? (settings.data.realityMinutes ?? settings.data.realityDefault) : 0;
  const [figures, setFigures] = useState<Figures | null>(null);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!minutes) {
      el?.removeAttribute('data-every');
      return;
    }
    let retry: ReturnType<typeof setTimeout> | undefined;
    const show = (f: ResOf<typeof protectionCalls.playSession>) => setFigures({ ...f, played: Math.max(0, Math.floor((Date.now() - parseWire(f.startedAt)) / 60_000)) });
    // a check whose figures did not arrive (a dropped connection, a timeout) is asked again shortly,
    // never skipped for a whole interval: the reminder is the point
    const ask = () => {
      clearTimeout(retry);
      void api(protectionCalls.playSession, {}).then(show, () => (retry = setTimeout(ask, RETRY_MS)));
    };
    const id = setInterval(ask, minutes * 60_000);
    // the interval now running, on the element: the settings may arrive after the dialog shows (a
    // restored copy first, then the server's), and a browser test moves its clock only once armed
    el?.setAttribute('data-every', String(minutes));
    return () => (clearInterval(id), clearTimeout(retry));
  }, [api, minutes]);

  useEffect(() => {
    const el = ref.current;
    if (figures && el && !el.open) el.showModal();
    if (!figures && el?.open) el.close();
  }, [figures]);

  const played = figures?.played ?? 0;
  return (
    <dialog ref={ref} className={css.reality} aria-labelledby="reality-check-title" onCancel={() => setFigures(null)} data-testid="reality-check">
      {figures && (
        <>
          <h2 className={css.realityTitle} id="reality-check-title">
            <Trans>이용 시간 알림</Trans>
          </h2>
          <dl className={css.realityFacts}>
            <div>
              <dt>
                <Trans>이번 접속 이용 시간</Trans>
              </dt>
              <dd>{t`${Math.floor(played / 60)}시간 ${played % 60}분`}</dd>
            </div>
            <div>
              <dt>
                <Trans>베팅</Trans>
              </dt>
              <dd>
                <Money value={figures.betAmt} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>당첨</Trans>
              </dt>
              <dd>
                <Money value={figures.winAmt} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>손익</Trans>
              </dt>
              <dd>
                {figures.net > 0 ? '+' : ''}
                <Money value={figures.net} />
              </dd>
            </div>
          </dl>
          <div className={css.realityActions}>
            <button type="button" className={css.secondary} onClick={() => (setFigures(null), onStop())}>
              <Trans>게임 종료</Trans>
            </button>
            <button type="button" className={css.primary} onClick={() => setFigures(null)}>
              <Trans>계속하기</Trans>
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
