import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { InboxLink } from '../../widgets/InboxLink';
import { Money } from '../../widgets/Money';
import { NoticeBox } from '../../entities/board/NoticeBox';
import { SiteFooter } from '../../entities/site/SiteFooter';
import { SitePopups } from '../../entities/site/SitePopups';
import { useCallerWatch } from '../../lib/caller';
import css from './PlayerShell.module.css';

/** Player shell: balance and points in the header (live), bottom tabs on phones, side nav on wide screens. */
export function PlayerShell() {
  useCallerWatch();
  const { prefix } = useParams({ from: '/$prefix' });
  const { member, site } = useSnapshot(session);
  const { t } = useLingui();
  const nav = [
    { to: '/$prefix/main' as const, icon: '♠', label: t`로비` },
    { to: '/$prefix/charge' as const, icon: '＋', label: t`입금` },
    { to: '/$prefix/exchange' as const, icon: '－', label: t`출금` },
    { to: '/$prefix/point' as const, icon: 'Ⓟ', label: t`포인트` },
    { to: '/$prefix/my' as const, icon: '☺', label: t`내 정보` },
  ];
  // the tab bar keeps five; bet history, the money history and the coupon box are reached from the lobby and my page there
  const side = [
    ...nav.slice(0, 1),
    { to: '/$prefix/bettingHistory' as const, icon: '≡', label: t`베팅내역` },
    ...nav.slice(1, 3),
    { to: '/$prefix/moveList' as const, icon: '⇅', label: t`거래내역` },
    ...nav.slice(3, 4),
    { to: '/$prefix/coupon' as const, icon: '▣', label: t`쿠폰함` },
    ...nav.slice(4),
  ];
  return (
    <div className={css.shell}>
      <header className={css.header}>
        <Link to="/$prefix/main" params={{ prefix }} className={css.brand} aria-label={site?.siteName}>
          {/* offline before the icon was ever kept: no broken-image mark, the space stays */}
          <img src={`/${prefix}/icons/icon-192.png`} alt="" width={28} height={28} onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
          <span className={css.brandName}>{site?.siteName}</span>
        </Link>
        <dl className={css.wallet} data-testid="wallet">
          <div>
            <dt>
              <Trans>보유머니</Trans>
            </dt>
            <dd className={css.cash} data-testid="cash">
              <Money value={member?.cashAmt} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>포인트</Trans>
            </dt>
            <dd data-testid="points">
              <Money value={member?.pointAmt} unit="point" />
            </dd>
          </div>
        </dl>
        <InboxLink />
      </header>
      <div className={css.body}>
        <nav className={css.side} aria-label={t`메뉴`}>
          {side.map((n) => (
            <Link key={n.to} to={n.to} params={{ prefix }}>
              <span aria-hidden>{n.icon}</span>
              {n.label}
            </Link>
          ))}
        </nav>
        <main className={css.main}>
          <NoticeBox />
          <Outlet />
          <SiteFooter />
        </main>
      </div>
      <nav className={css.tabbar} aria-label={t`메뉴`}>
        {nav.map((n) => (
          <Link key={n.to} to={n.to} params={{ prefix }} className={css.tab}>
            <span aria-hidden>{n.icon}</span>
            <span>{n.label}</span>
          </Link>
        ))}
      </nav>
      <SitePopups />
    </div>
  );
}
