import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { picks as sidesOf } from '../../../contract/gameConcepts';
import { pickName } from '../../entities/bet/betCodes';
import { session } from '../../lib/session/store';
import { BetSlip, type SlipPick } from './BetSlip';
import type { GameProps } from './play';
import { sportsEventsQueryOptions } from '../../entities/game/playQueries';
import css from './Sportsbook.module.css';
import { useApi } from '../../lib/useApi';

/** Upcoming events with their 1X2 markets; picks go to the slip (one per event). */
export default function Sportsbook(props: GameProps) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { language } = useSnapshot(session);
  const events = useQuery(sportsEventsQueryOptions(api, prefix, props.t));
  const [picks, setPicks] = useState<SlipPick[]>([]);
  const ko = language === 'ko';

  const toggle = (p: SlipPick) =>
    setPicks((all) => {
      const same = all.find((x) => x.eventId === p.eventId);
      const rest = all.filter((x) => x.eventId !== p.eventId);
      return same?.pick === p.pick ? rest : [...rest, p].slice(-10);
    });

  if (events.isPending)
    return (
      <p className={css.muted}>
        <Trans>경기를 불러오는 중…</Trans>
      </p>
    );
  const list = events.data ?? [];
  return (
    <div className={css.book}>
      {list.length === 0 && (
        <p className={css.muted}>
          <Trans>베팅 가능한 경기가 없습니다.</Trans>
        </p>
      )}
      <ul className={css.events}>
        {list.map((e) => {
          const home = ko ? e.homeTeamKO : e.homeTeam;
          const away = ko ? e.awayTeamKO : e.awayTeam;
          const sides = sidesOf.filter((s) => s !== 'draw' || e.odds.draw);
          return (
            <li key={e.eventId} className={css.event} data-testid="sport-event">
              <div className={css.eventHead}>
                <span className={css.league}>{ko ? e.leagueNameKO : e.leagueName}</span>
                <time className={css.time}>{e.eventDate.slice(5, 16)}</time>
              </div>
              <div className={css.teams}>
                {home} <span className={css.vs}>vs</span> {away}
              </div>
              <div className={css.markets} style={{ gridTemplateColumns: `repeat(${sides.length}, 1fr)` }}>
                {sides.map((s) => {
                  const odds = e.odds[s]!;
                  const on = picks.some((p) => p.eventId === e.eventId && p.pick === s);
                  return (
                    <button
                      key={s}
                      type="button"
                      className={css.odd}
                      aria-pressed={on}
                      onClick={() =>
                        toggle({
                          eventId: e.eventId,
                          pick: s,
                          odds,
                          label: `${home} vs ${away} · ${e.eventDate.slice(5, 16)}`,
                          side: s === 'home' ? home : s === 'away' ? away : pickName('draw'),
                        })
                      }
                    >
                      <span className={css.oddSide}>{pickName(s)}</span>
                      <b>{odds.toFixed(2)}</b>
                    </button>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
      <BetSlip {...props} picks={picks} onRemove={(id) => setPicks((all) => all.filter((p) => p.eventId !== id))} onPlaced={() => setPicks([])} />
    </div>
  );
}
