import { useState } from 'react';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BottomSheet } from '../../ui/BottomSheet';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import { LogoutButton } from '../../widgets/LogoutButton';
import { dashboardQueryOptions } from '../../entities/cash/adminQueries';
import { useCaller, useCallerWatch } from '../../lib/caller';
import { cashWaiting } from '../../entities/cash/adminQueries';
import css from './AdminShell.module.css';
import { SiteMark } from '../../entities/site/SiteMark';
import { useApi } from '../../lib/useApi';

type To =
  | '/$prefix/admin'
  | '/$prefix/admin/cash'
  | '/$prefix/admin/members'
  | '/$prefix/admin/partners'
  | '/$prefix/admin/partnerRequests'
  | '/$prefix/admin/ledger'
  | '/$prefix/admin/coupons'
  | '/$prefix/admin/notices'
  | '/$prefix/admin/inquiries'
  | '/$prefix/admin/messages'
  | '/$prefix/admin/banners'
  | '/$prefix/admin/site'
  | '/$prefix/admin/ipBlock'
  | '/$prefix/admin/audit';

/** Every operator screen, in menu order; the first four are the phone's bottom bar, the rest sit behind "more". */
export const adminPaths: To[] = [
  '/$prefix/admin',
  '/$prefix/admin/cash',
  '/$prefix/admin/inquiries',
  '/$prefix/admin/members',
  '/$prefix/admin/partners',
  '/$prefix/admin/partnerRequests',
  '/$prefix/admin/ledger',
  '/$prefix/admin/coupons',
  '/$prefix/admin/notices',
  '/$prefix/admin/messages',
  '/$prefix/admin/banners',
  '/$prefix/admin/site',
  '/$prefix/admin/ipBlock',
  '/$prefix/admin/audit',
];
const BAR = 4;

/** Operator shell: a top menu on wide screens; on phones a bottom bar of the four most used screens and a sheet with all of them. */
export function AdminShell() {
  const api = useApi();
  useCallerWatch();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [more, setMore] = useState(false);
  // the home's query, kept live by ADMIN_PENDING: the bar's badges cost no extra call
  const pending = useQuery(dashboardQueryOptions(api, prefix, caller.memId)).data?.pending;
  const label: Record<To, string> = {
    '/$prefix/admin': t`홈`,
    '/$prefix/admin/cash': t`입출금 신청`,
    '/$prefix/admin/inquiries': t`1:1 문의`,
    '/$prefix/admin/members': t`회원 머니`,
    '/$prefix/admin/partners': t`파트너`,
    '/$prefix/admin/partnerRequests': t`파트너 신청`,
    '/$prefix/admin/ledger': t`원장 점검`,
    '/$prefix/admin/coupons': t`쿠폰`,
    '/$prefix/admin/notices': t`공지사항`,
    '/$prefix/admin/messages': t`쪽지`,
    '/$prefix/admin/banners': t`팝업·배너`,
    '/$prefix/admin/site': t`사이트 운영`,
    '/$prefix/admin/ipBlock': t`IP 차단`,
    '/$prefix/admin/audit': t`감사 로그`,
  };
  const badge: Partial<Record<To, number>> = pending
    ? { '/$prefix/admin/cash': cashWaiting(pending).total, '/$prefix/admin/inquiries': pending.qna, '/$prefix/admin/partnerRequests': pending.partnerRequests }
    : {};
  const link = (to: To, className?: string, onClick?: () => void) => (
    <Link key={to} to={to} params={{ prefix }} className={className} activeOptions={{ exact: to === '/$prefix/admin' }} onClick={onClick}>
      <span className={css.linkText}>{label[to]}</span>
      {(badge[to] ?? 0) > 0 && (
        <span className={css.badge} aria-label={t`${badge[to] ?? 0}건 대기`}>
          {badge[to]}
        </span>
      )}
    </Link>
  );
  return (
    <>
      <header className={css.header}>
        <span className={css.brand}>
          <SiteMark kind={<Trans>운영자</Trans>} />
        </span>
        <LanguageSelect />
        <LogoutButton />
      </header>
      <nav className={css.menu} aria-label={t`메뉴`}>
        {adminPaths.map((to) => link(to))}
      </nav>
      <main className={css.main}>
        <Outlet />
      </main>
      <nav className={css.bar} aria-label={t`주요 메뉴`} data-testid="admin-bar">
        {adminPaths.slice(0, BAR).map((to) => link(to, css.barItem))}
        <button type="button" className={css.barItem} aria-expanded={more} onClick={() => setMore(true)} data-testid="admin-more">
          <span className={css.linkText}>
            <Trans>더보기</Trans>
          </span>
        </button>
      </nav>
      <BottomSheet open={more} title={t`전체 메뉴`} onClose={() => setMore(false)}>
        <nav className={css.sheetMenu} aria-label={t`전체 메뉴`} data-testid="admin-more-menu">
          {adminPaths.map((to) => link(to, css.sheetItem, () => setMore(false)))}
        </nav>
      </BottomSheet>
    </>
  );
}
