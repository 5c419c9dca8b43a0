import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { betResultCash, parseBetDetail, type ParsedBetDetail } from '../../lib/betResult';
import { session } from '../../lib/session/store';
import { BottomSheet } from '../../ui/BottomSheet';
import { Money } from '../../ui/Money';
import { PlayingCards } from '../../ui/PlayingCards';
import { ResultLabel, SignedMoney } from './labels';
import { betDetailQueryOptions } from './queries';
import css from './BetHistory.module.css';

interface Row { betIdx: number; gameName: string; vendorName: string }

/** One bet: its figures and the vendor's result (cards, legs, reels or the drawn number). */
export function BetDetailSheet({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <BottomSheet open={!!row} title={row ? `${row.vendorName} · ${row.gameName}` : ''} onClose={onClose}>
      {row && <Detail betIdx={row.betIdx} />}
    </BottomSheet>
  );
}

function Detail({ betIdx }: { betIdx: number }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const q = useQuery(betDetailQueryOptions(prefix, member?.memId ?? '', betIdx));
  if (q.isPending) return <p className={css.muted}><Trans>불러오는 중…</Trans></p>;
  if (!q.data) return <p className={css.muted}><Trans>상세 정보를 불러올 수 없습니다.</Trans></p>;
  const { info } = q.data;
  const d = parseBetDetail(q.data.detail);
  return (
    <div className={css.sheet} data-testid="bet-detail">
      <dl className={css.facts}>
        <div><dt><Trans>베팅번호</Trans></dt><dd>{info.betIdx}</dd></div>
        <div><dt><Trans>베팅일시</Trans></dt><dd>{info.regDate}</dd></div>
        <div><dt><Trans>베팅금액</Trans></dt><dd><Money value={info.betAmt} /></dd></div>
        <div><dt><Trans>당첨금액</Trans></dt><dd><Money value={info.betWinAmt} /></dd></div>
        <div><dt><Trans>결과금액</Trans></dt><dd><SignedMoney value={betResultCash({ cash: info.betAmt, winCash: info.betWinAmt })} /></dd></div>
        <div><dt><Trans>결과</Trans></dt><dd><ResultLabel type={info.type} /></dd></div>
      </dl>
      {d && <Result d={d} />}
    </div>
  );
}

type Hand = { cards?: string[]; score?: number };
type Leg = { pick?: string; odds?: number; status?: string; home?: string; away?: string; home_score?: number | null; away_score?: number | null; start_at?: string };

function Result({ d }: { d: ParsedBetDetail }) {
  const { t } = useLingui();
  const r = d.result ?? {};
  const side: Record<string, string> = { player: t`플레이어`, banker: t`뱅커`, tie: t`타이`, home: t`홈`, away: t`원정`, draw: t`무승부`, odd: t`홀`, even: t`짝` };
  if (d.dType === 'detail_5') {
    const hands = (['player', 'banker'] as const).map((k) => ({ k, hand: (r[k] ?? {}) as Hand }));
    return (
      <section className={css.result} aria-label={t`게임 결과`}>
        {hands.map(({ k, hand }) => (
          <div key={k} className={`${css.hand} ${r.winner === k ? css.winner : ''}`}>
            <span className={css.handName}>{side[k]} <b>{hand.score ?? '-'}</b></span>
            <PlayingCards cards={hand.cards ?? []} size="sm" />
          </div>
        ))}
        <p className={css.outcome}><Trans>결과</Trans>: <b>{side[String(r.winner)] ?? '-'}</b></p>
        <ul className={css.bets}>
          {(d.bets ?? []).map((b, i) => <li key={i}>{side[String(b.code)] ?? String(b.code)} <Money value={Number(b.stake ?? 0)} /></li>)}
        </ul>
      </section>
    );
  }
  if (d.dType === 'sports') {
    const legs = (r.legs ?? []) as Leg[];
    return (
      <section className={css.result} aria-label={t`게임 결과`}>
        <ul className={css.legs}>
          {legs.map((l, i) => (
            <li key={i}>
              <span className={css.legTeams}>{l.home} vs {l.away}{l.home_score != null && ` (${l.home_score}:${l.away_score})`}</span>
              <span className={css.legMeta}>{l.start_at} · {side[l.pick ?? ''] ?? l.pick} @ {l.odds?.toFixed(2)} · {l.status}</span>
            </li>
          ))}
        </ul>
        {typeof r.odds === 'number' && <p className={css.outcome}><Trans>배당</Trans>: <b>{r.odds.toFixed(2)}</b></p>}
      </section>
    );
  }
  return (
    <section className={css.result} aria-label={t`게임 결과`}>
      {Array.isArray(r.reels) && <p className={css.reels}>{(r.reels as string[]).join(' | ')}</p>}
      {typeof r.line === 'string' && <p className={css.outcome}>{r.line}</p>}
      {typeof r.number === 'number' && (
        <p className={css.outcome}><Trans>번호</Trans> <b>{r.number}</b> ({side[String(r.result)] ?? String(r.result)}) · <Trans>선택</Trans> {side[String(r.pick)] ?? String(r.pick)}</p>
      )}
    </section>
  );
}
