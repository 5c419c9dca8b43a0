import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { LogoutButton } from '../../ui/LogoutButton';
import css from './AdminShell.module.css';

export function AdminShell() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const menu = [
    { to: '/$prefix/admin' as const, label: t`홈` },
    { to: '/$prefix/admin/cash' as const, label: t`입출금 신청` },
    { to: '/$prefix/admin/members' as const, label: t`회원 머니` },
    { to: '/$prefix/admin/partnerRequests' as const, label: t`파트너 신청` },
    { to: '/$prefix/admin/ledger' as const, label: t`원장 점검` },
    { to: '/$prefix/admin/notices' as const, label: t`공지사항` },
    { to: '/$prefix/admin/inquiries' as const, label: t`1:1 문의` },
    { to: '/$prefix/admin/messages' as const, label: t`쪽지` },
    { to: '/$prefix/admin/banners' as const, label: t`팝업·배너` },
    { to: '/$prefix/admin/site' as const, label: t`사이트 운영` },
    { to: '/$prefix/admin/ipBlock' as const, label: t`IP 차단` },
    { to: '/$prefix/admin/audit' as const, label: t`감사 로그` },
  ];
  return (
    <>
      <header className={css.header}>
        <span className={css.brand}>ADMIN</span>
        <LanguageSelect />
        <LogoutButton />
      </header>
      <nav className={css.menu} aria-label={t`메뉴`}>
        {menu.map((m) => (
          <Link key={m.to} to={m.to} params={{ prefix }} activeOptions={{ exact: m.to === '/$prefix/admin' }}>{m.label}</Link>
        ))}
      </nav>
      <main className={css.main}>
        <Outlet />
      </main>
    </>
  );
}
