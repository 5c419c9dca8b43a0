import { Trans, useLingui } from '@lingui/react/macro';
import { legStatusName, pickName, resultName, sportName } from '../../entities/bet/betCodes';
import { Money } from '../../widgets/Money';
import { combinedOdds, expectedWin } from '../../../contract/odds';
import { oddsBand, type SportBet } from './sport';
import css from './Betting.module.css';

const ko = (en: string, koName: string, lang: string) => (lang === 'ko' ? koName || en : en || koName);

/** One sports bet: its legs (a table on wide screens, stacked on phones) and the summary. */
export function SportBetCard({ bet, onDetail }: { bet: SportBet; onDetail: (betIdx: number) => void }) {
  const { t, i18n } = useLingui();
  const h = bet.head;
  const single = bet.legs.length === 1;
  // the server's figures; recomputed only when it sent none
  const odds = h.totalOdds || combinedOdds(bet.legs.map((l) => l.lineOdds));
  const expected = h.expectedWin || expectedWin(h.betAmt, odds);
  const lang = i18n.locale;
  return (
    <article className={css.sportBet} data-testid="sport-bet">
      <header className={css.sportHead}>
        <span className={single ? css.single : css.multi}>{single ? t`단폴더` : t`다폴더 ${bet.legs.length}`}</span>
        <strong>{h.memId}</strong> <span className={css.muted}>{h.memNick}</span>
        <span className={css.result} data-type={h.type}>
          {resultName(h.type)}
        </span>
      </header>
      <table className={css.legs}>
        <thead>
          <tr>
            <th>
              <Trans>경기시간</Trans>
            </th>
            <th>
              <Trans>종목</Trans>
            </th>
            <th>
              <Trans>리그</Trans>
            </th>
            <th>
              <Trans>홈팀</Trans>
            </th>
            <th>
              <Trans>스코어</Trans>
            </th>
            <th>
              <Trans>원정팀</Trans>
            </th>
            <th>
              <Trans>선택</Trans>
            </th>
            <th>
              <Trans>배당</Trans>
            </th>
            <th>
              <Trans>상태</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {bet.legs.map((l) => (
            <tr key={l.newLineID}>
              <td data-label={t`경기시간`}>{l.eventDate.slice(5, 16)}</td>
              <td data-label={t`종목`}>{sportName(l.branchID)}</td>
              <td data-label={t`리그`}>{ko(l.leagueName, l.leagueNameKO, lang)}</td>
              <td data-label={t`홈팀`} data-pick={l.yourBet === 'home'}>
                {ko(l.homeTeam, l.homeTeamKO, lang)}
              </td>
              <td data-label={t`스코어`} className={css.score}>
                {l.score || 'vs'}
              </td>
              <td data-label={t`원정팀`} data-pick={l.yourBet === 'away'}>
                {ko(l.awayTeam, l.awayTeamKO, lang)}
              </td>
              <td data-label={t`선택`}>{pickName(l.yourBet)}</td>
              <td data-label={t`배당`}>
                <span className={css.odds} data-band={oddsBand(l.lineOdds)}>
                  {l.lineOdds.toFixed(2)}
                </span>
              </td>
              <td data-label={t`상태`}>
                <span className={css.legStatus} data-status={l.status}>
                  {legStatusName(l.status)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={css.summary}>
        <div>
          <dt>
            <Trans>베팅시간</Trans>
          </dt>
          <dd>{h.betDate}</dd>
        </div>
        <div>
          <dt>
            <Trans>베팅번호</Trans>
          </dt>
          <dd>{h.betId}</dd>
        </div>
        <div>
          <dt>
            <Trans>베팅타입</Trans>
          </dt>
          <dd>{single ? t`단폴더` : t`다폴더`}</dd>
        </div>
        <div>
          <dt>
            <Trans>베팅금</Trans>
          </dt>
          <dd>
            <Money value={h.betAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>배당</Trans>
          </dt>
          <dd>
            <span className={css.odds} data-band={oddsBand(odds)} data-testid="total-odds">
              {odds.toFixed(2)}
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>예상 당첨금</Trans>
          </dt>
          <dd>
            <Money value={expected} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>당첨금</Trans>
          </dt>
          <dd>
            <Money value={h.betWinAmt} />
          </dd>
        </div>
      </dl>
      <div className={css.summaryAction}>
        <button type="button" className={css.textButton} onClick={() => onDetail(h.betIdx)}>
          <Trans>상세</Trans>
        </button>
      </div>
    </article>
  );
}
