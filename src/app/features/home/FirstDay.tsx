import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FirstDayKey } from '../../../contract/admin';
import { firstDayQueryOptions } from '../../entities/cash/adminQueries';
import { useApi } from '../../lib/useApi';
import css from './FirstDay.module.css';

type To = '/$prefix/admin/partners' | '/$prefix/admin/members' | '/$prefix/admin/twoFactor';

/** A new site's first-day checklist on the operator's home, shown until every item is done. */
export function FirstDay({ prefix, me }: { prefix: string; me: string }) {
  const api = useApi();
  const { t } = useLingui();
  const d = useQuery(firstDayQueryOptions(api, prefix, me)).data;
  if (!d || d.allDone) return null;
  const platform = t`플랫폼에서 설정합니다`;
  // what each item says and where it is done (the platform's items have no screen here)
  const items: Record<FirstDayKey, { label: ReactNode; to?: To; where: string }> = {
    depositAccount: { label: <Trans>입금 계좌</Trans>, where: platform },
    vendors: { label: <Trans>게임사 사용</Trans>, where: platform },
    brand: { label: <Trans>브랜드 로고</Trans>, where: platform },
    firstPartner: { label: <Trans>첫 파트너 만들기</Trans>, to: '/$prefix/admin/partners', where: t`회원은 파트너의 추천으로 가입합니다` },
    firstPlayer: { label: <Trans>첫 회원 가입</Trans>, to: '/$prefix/admin/members', where: t`파트너의 추천 코드로 가입합니다` },
    // its own enrolment screen, asked for even after the offer at sign-in was put off
    twoFactor: { label: <Trans>내 계정 2단계 인증</Trans>, to: '/$prefix/admin/twoFactor', where: t`인증 앱을 지금 등록합니다` },
  };
  const left = d.items.filter((i) => !i.done).length;
  return (
    <section aria-labelledby="first-day-title" className={css.box} data-testid="first-day">
      <h2 id="first-day-title" className={css.heading}>
        <Trans>첫날 준비</Trans> <span className={css.count}>{t`${left}개 남음`}</span>
      </h2>
      <ul className={css.list}>
        {d.items.map(({ key, done }) => {
          const it = items[key];
          const body = (
            <>
              <span className={css.mark} aria-hidden>
                {done ? '✓' : ''}
              </span>
              <span className={css.text}>
                <span className={css.label}>{it.label}</span>
                <span className={css.where}>{done ? t`완료` : it.where}</span>
              </span>
            </>
          );
          return (
            <li key={key} data-testid={`first-day-${key}`} data-done={done ? 'true' : 'false'} className={css.item}>
              {it.to && !done ? (
                <Link to={it.to} params={{ prefix }} search={it.to === '/$prefix/admin/twoFactor' ? { setup: 1 } : {}} className={css.row}>
                  {body}
                </Link>
              ) : (
                <div className={css.row}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
