import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { resultName } from '../lib/betCodes';
import { betDetailQueryOptions, handsOf, parseDetail, type BetDetailBody } from '../lib/betDetail';
import { formatKst } from '../lib/format';
import { session } from '../lib/session/store';
import { BottomSheet } from './BottomSheet';
import { Empty } from './Empty';
import { Money } from './Money';
import { HandCards } from './HandCards';
import css from './BetDetail.module.css';
import { apiMessage } from '../lib/apiMessage';

const kst = (iso?: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? formatKst(Date.parse(iso)) : '-');

/** One bet's detail: the vendor's page in a frame, its result cards, or the default form. */
export function BetDetailSheet({ betId, onClose }: { betId: string | number | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <BottomSheet open={betId != null} title={t`베팅 상세`} onClose={onClose}>
      {betId != null && <DetailBody betId={String(betId)} />}
    </BottomSheet>
  );
}

function DetailBody({ betId }: { betId: string }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const { t } = useLingui();
  const q = useQuery(betDetailQueryOptions(prefix, member?.memId ?? '', betId));
  if (q.isPending) return <p className={css.muted}>…</p>;
  if (q.isError) return <Empty>{q.error.message || apiMessage(q.error)}</Empty>;
  const { info, detail } = q.data;
  const parsed = parseDetail(detail);
  if (parsed.kind === 'frame') return <iframe className={css.frame} src={parsed.url} title={t`베팅 상세`} sandbox="allow-scripts allow-same-origin" />;
  if (parsed.kind === 'none') return <Empty><Trans>상세 내역이 없습니다.</Trans></Empty>;
  const body = parsed.body;
  const doneName = info.type === 'wait' ? t`베팅 완료` : resultName(info.type);
  return (
    <div className={css.wrap} data-testid="bet-detail">
      <dl className={css.facts}>
        <div><dt><Trans>베팅 아이디</Trans></dt><dd>{info.betId}</dd></div>
        <div><dt><Trans>회원</Trans></dt><dd>{info.memId}</dd></div>
        <div><dt><Trans>결과</Trans></dt><dd data-type={info.type} className={css.result}>{doneName}</dd></div>
        <div><dt><Trans>베팅금</Trans></dt><dd><Money value={info.betAmt} /></dd></div>
        <div><dt><Trans>당첨금</Trans></dt><dd><Money value={info.betWinAmt} /></dd></div>
        <div><dt><Trans>시간</Trans></dt><dd>{info.regDate}</dd></div>
      </dl>
      <ResultPart body={body} />
    </div>
  );
}

function ResultPart({ body }: { body: BetDetailBody }) {
  if (body.dType === 'detail_4') return null;
  const hands = handsOf(body.result);
  if (hands.length > 0) return <HandCards hands={hands} winner={body.result?.winner} />;
  if (body.result?.legs?.length) return <Legs legs={body.result.legs} odds={body.result.odds as number | undefined} />;
  return <DefaultForm body={body} />;
}

function Legs({ legs, odds }: { legs: NonNullable<NonNullable<BetDetailBody['result']>['legs']>; odds?: number }) {
  return (
    <ul className={css.legs}>
      {legs.map((l, i) => (
        <li key={i}>
          <span>{l.start_at}</span>
          <strong>{l.home} {l.home_score ?? ''} : {l.away_score ?? ''} {l.away}</strong>
          <span>{l.pick} @ {l.odds} · {l.status}</span>
        </li>
      ))}
      {odds != null && <li><Trans>배당</Trans> {odds}</li>}
    </ul>
  );
}

function DefaultForm({ body }: { body: BetDetailBody }) {
  const { t } = useLingui();
  const status = body.status === 'Resolved' ? t`완료` : (body.status ?? '-');
  const rows: [string, string][] = [
    [t`회원`, body.playerId ?? '-'], [t`게임사`, body.gameProvider ?? '-'], [t`게임`, body.gameName ?? body.gameType ?? '-'],
    [t`게임 아이디`, body.id ?? '-'], [t`시작 시간`, kst(body.startedAt)], [t`종료 시간`, kst(body.settledAt)], [t`상태`, status],
  ];
  if (body.dealerName) rows.push([t`딜러`, body.dealerName]);
  if (body.tableName) rows.push([t`테이블`, body.tableName]);
  return (
    <dl className={css.facts} data-testid="bet-detail-form">
      {rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
    </dl>
  );
}
