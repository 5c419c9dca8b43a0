import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { legStatusName, pickName, resultName } from '../entities/bet/betCodes';
import { betDetailQueryOptions, handsOf, parseDetail, type BetDetailBody } from '../entities/bet/betDetail';
import { betResultCash } from '../entities/bet/betResult';
import { apiMessage } from '../lib/apiMessage';
import { formatKst } from '../lib/format';
import { BottomSheet } from '../ui/BottomSheet';
import { Empty } from '../ui/Empty';
import { HandCards } from '../entities/bet/HandCards';
import { Money } from './Money';
import { useCaller } from '../lib/caller';
import css from '../entities/bet/BetDetail.module.css';
import { Fact, Facts } from '../ui/Facts';
import { useApi } from '../lib/useApi';

const kst = (iso?: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? formatKst(Date.parse(iso)) : '-');

/** The one bet detail, for players and partners: figures, then the vendor's page in a frame, its cards, legs, reels or number. */
export function BetDetailSheet({ betId, title, onClose }: { betId: string | number | null; title?: ReactNode; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <BottomSheet open={betId != null} title={title ?? t`베팅 상세`} onClose={onClose}>
      {betId != null && <DetailBody betId={String(betId)} />}
    </BottomSheet>
  );
}

function DetailBody({ betId }: { betId: string }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const q = useQuery(betDetailQueryOptions(api, prefix, caller.memId, betId));
  if (q.isPending)
    return (
      <p className={css.muted}>
        <Trans>불러오는 중…</Trans>
      </p>
    );
  if (q.isError) return <Empty>{apiMessage(q.error)}</Empty>;
  const { info, detail } = q.data;
  const parsed = parseDetail(detail);
  const net = betResultCash({ cash: info.betAmt, winCash: info.betWinAmt });
  return (
    <div className={css.wrap} data-testid="bet-detail">
      <Facts className={css.facts}>
        <Fact label={<Trans>베팅번호</Trans>} className="break-all">
          {info.betId || info.betIdx}
        </Fact>
        <Fact label={<Trans>베팅일시</Trans>}>{info.regDate}</Fact>
        <Fact label={<Trans>베팅금액</Trans>}>
          <Money value={info.betAmt} />
        </Fact>
        <Fact label={<Trans>당첨금액</Trans>}>
          <Money value={info.betWinAmt} />
        </Fact>
        <Fact label={<Trans>결과금액</Trans>} className={css.net} data-sign={Math.sign(net)}>
          {net > 0 ? '+' : ''}
          <Money value={net} />
        </Fact>
        <Fact label={<Trans>결과</Trans>} data-type={info.type} className={css.result} data-testid="bet-result">
          {resultName(info.type)}
        </Fact>
      </Facts>
      {parsed.kind === 'frame' && <iframe className={css.frame} src={parsed.url} title={t`베팅 상세`} sandbox="allow-scripts allow-same-origin" />}
      {parsed.kind === 'none' && (
        <Empty>
          <Trans>상세 내역이 없습니다.</Trans>
        </Empty>
      )}
      {parsed.kind === 'body' && <ResultPart body={parsed.body} />}
    </div>
  );
}

function useSides(): Record<string, string> {
  const { t } = useLingui();
  return { player: t`플레이어`, banker: t`뱅커`, tie: t`타이`, home: t`홈`, away: t`원정`, draw: t`무승부`, odd: t`홀`, even: t`짝` };
}

/** The vendor's result, whichever shape it has; a body with none of them shows its plain facts. */
function ResultPart({ body }: { body: BetDetailBody }) {
  const side = useSides();
  const { t } = useLingui();
  const r = body.result ?? {};
  const hands = handsOf(body.result);
  if (hands.length > 0) {
    return (
      <section className={css.wrap} aria-label={t`게임 결과`}>
        <HandCards hands={hands} winner={body.result?.winner} />
        {r.winner != null && (
          <p className={css.outcome}>
            <Trans>결과</Trans>: <b>{side[String(r.winner)] ?? String(r.winner)}</b>
          </p>
        )}
        {(body.bets ?? []).length > 0 && (
          <ul className={css.bets}>
            {(body.bets ?? []).map((b, i) => (
              <li key={i}>
                {side[String(b.code)] ?? String(b.code ?? '')} <Money value={Number(b.stake ?? b.betAmount ?? 0)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  if (r.legs?.length) {
    return (
      <section aria-label={t`게임 결과`}>
        <ul className={css.legs}>
          {r.legs.map((l, i) => (
            <li key={i}>
              <strong>
                {l.home} {l.home_score ?? ''} : {l.away_score ?? ''} {l.away}
              </strong>
              <span className={css.muted}>
                {l.start_at} · {pickName(l.pick ?? '')} @ {l.odds?.toFixed(2)} · {legStatusName(l.status ?? '')}
              </span>
            </li>
          ))}
        </ul>
        {typeof r.odds === 'number' && (
          <p className={css.outcome}>
            <Trans>배당</Trans>: <b>{r.odds.toFixed(2)}</b>
          </p>
        )}
      </section>
    );
  }
  if (Array.isArray(r.reels) || typeof r.number === 'number') {
    return (
      <section aria-label={t`게임 결과`}>
        {Array.isArray(r.reels) && <p className={css.reels}>{(r.reels as string[]).join(' | ')}</p>}
        {typeof r.line === 'string' && <p className={css.outcome}>{r.line}</p>}
        {typeof r.number === 'number' && (
          <p className={css.outcome}>
            <Trans>번호</Trans> <b>{r.number}</b> ({side[String(r.result)] ?? String(r.result)}) · <Trans>선택</Trans> {side[String(r.pick)] ?? String(r.pick)}
          </p>
        )}
      </section>
    );
  }
  if (body.dType === 'detail_4') return null;
  return <DefaultForm body={body} />;
}

function DefaultForm({ body }: { body: BetDetailBody }) {
  const { t } = useLingui();
  const status = body.status === 'Resolved' ? t`완료` : (body.status ?? '-');
  const rows: [string, string][] = [
    [t`회원`, body.playerId ?? '-'],
    [t`게임사`, body.gameProvider ?? '-'],
    [t`게임`, body.gameName ?? body.gameType ?? '-'],
    [t`게임 아이디`, body.id ?? '-'],
    [t`시작 시간`, kst(body.startedAt)],
    [t`종료 시간`, kst(body.settledAt)],
    [t`상태`, status],
  ];
  if (body.dealerName) rows.push([t`딜러`, body.dealerName]);
  if (body.tableName) rows.push([t`테이블`, body.tableName]);
  return (
    <Facts className={css.facts} data-testid="bet-detail-form">
      {rows.map(([k, v]) => (
        <Fact key={k} label={k}>
          {v}
        </Fact>
      ))}
    </Facts>
  );
}
