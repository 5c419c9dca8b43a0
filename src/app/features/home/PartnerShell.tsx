import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, Outlet, useParams, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import { LogoutButton } from '../../widgets/LogoutButton';
import { BoardLinks } from '../../entities/board/BoardLinks';
import { InboxLink } from '../../widgets/InboxLink';
import { Money } from '../../widgets/Money';
import { NoticeBox } from '../../entities/board/NoticeBox';
import { SiteFooter } from '../../entities/site/SiteFooter';
import { SitePopups } from '../../entities/site/SitePopups';
import { partnerLevelName as levelName } from '../../entities/partner/levelNames';
import { PartnerMenuLinks } from './PartnerMenuLinks';
import { BetMenuLinks } from './BetMenuLinks';
import { RateModalHost } from '../../entities/rate/RateModalHost';
import { openCreate } from '../../entities/partner/createPopup';
import { Fact, Facts } from '../../ui/Facts';
import { useCaller, useCallerWatch } from '../../lib/caller';
import css from './PartnerShell.module.css';
import { SiteMark } from '../../entities/site/SiteMark';

const MENU_KEY = 'pitboss:partnerMenuOpen';
const wide = () => window.matchMedia('(min-width: 768px)').matches;

/** Remembered open state of the side menu; on phones it starts closed and closes after navigating. */
function useMenuOpen() {
  const [open, setOpen] = useState(() => wide() && localStorage.getItem(MENU_KEY) !== 'N');
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [shownPath, setShownPath] = useState(path);
  if (path !== shownPath) {
    setShownPath(path);
    if (!wide()) setOpen(false);
  }
  const toggle = () =>
    setOpen((o) => {
      if (wide()) localStorage.setItem(MENU_KEY, o ? 'N' : 'Y');
      return !o;
    });
  return { open, toggle, close: () => setOpen(false) };
}

/** The side menu's pages, by group. */
function MenuLinks({ prefix }: { prefix: string }) {
  return (
    <>
      <div className={css.menuGroup}>
        <span className={css.menuLabel}>
          <Trans>메인</Trans>
        </span>
        <Link to="/$prefix/partnerMain" params={{ prefix }}>
          <Trans>대시보드</Trans>
        </Link>
      </div>
      <PartnerMenuLinks groupClass={css.menuGroup} labelClass={css.menuLabel} />
      <BetMenuLinks groupClass={css.menuGroup} labelClass={css.menuLabel} />
      <div className={css.menuGroup}>
        <span className={css.menuLabel}>
          <Trans>머니 관리</Trans>
        </span>
        <Link to="/$prefix/partnerMoneyMoveList" params={{ prefix }}>
          <Trans>머니 지급/회수</Trans>
        </Link>
        <Link to="/$prefix/cashList" params={{ prefix }}>
          <Trans>입출금 내역</Trans>
        </Link>
        <Link to="/$prefix/cashListMy" params={{ prefix }}>
          <Trans>머니 변동 내역</Trans>
        </Link>
        <Link to="/$prefix/subpartnerPointList" params={{ prefix }}>
          <Trans>하위 포인트 내역</Trans>
        </Link>
        <Link to="/$prefix/pointList" params={{ prefix }}>
          <Trans>포인트 적립 내역</Trans>
        </Link>
        <Link to="/$prefix/couponList" params={{ prefix }}>
          <Trans>쿠폰 발급 내역</Trans>
        </Link>
      </div>
      <div className={css.menuGroup}>
        <span className={css.menuLabel}>
          <Trans>내 머니</Trans>
        </span>
        <Link to="/$prefix/charge" params={{ prefix }}>
          <Trans>입금 신청</Trans>
        </Link>
        <Link to="/$prefix/exchange" params={{ prefix }}>
          <Trans>출금 신청</Trans>
        </Link>
        <Link to="/$prefix/point" params={{ prefix }}>
          <Trans>포인트</Trans>
        </Link>
        <Link to="/$prefix/infoEdit" params={{ prefix }}>
          <Trans>회원정보 수정</Trans>
        </Link>
      </div>
      <div className={css.menuGroup}>
        <span className={css.menuLabel}>
          <Trans>게시판</Trans>
        </span>
        <BoardLinks />
      </div>
    </>
  );
}

/** The account in one line (level, id, cash); a tap opens all four figures. */
function AccountLine() {
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const [open, setOpen] = useState(false);
  return (
    <div className={css.account}>
      <button type="button" className={css.accountLine} aria-expanded={open} aria-controls="partner-stats-detail" onClick={() => setOpen((o) => !o)} data-testid="partner-stats">
        <span className={css.accountWho}>
          <span className={css.level}>{levelName(caller.partnerLevel)}</span>
          <span className={css.accountId}>{caller.memId}</span>
        </span>
        <span className={css.accountCash}>
          <Money value={member?.cashAmt} />
        </span>
        <span className={css.chevron} aria-hidden>
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open && (
        <Facts tiles strong className={css.stats} id="partner-stats-detail" data-testid="partner-stats-detail">
          <Fact label={<Trans>등급</Trans>}>{levelName(caller.partnerLevel)}</Fact>
          <Fact label={<Trans>아이디</Trans>}>{caller.memId}</Fact>
          <Fact label={<Trans>보유머니</Trans>}>
            <Money value={member?.cashAmt} />
          </Fact>
          <Fact label={<Trans>보유롤링</Trans>}>
            <Money value={member?.pointAmt} />
          </Fact>
        </Facts>
      )}
    </div>
  );
}

/**
 * Partner shell (seed 001): menu toggle, the account line, nickname, language, logout and the side menu.
 * `popups` are the route's own overlays (the create popup), kept mounted beside the page.
 */
export function PartnerShell({ popups }: { popups?: ReactNode }) {
  useCallerWatch();
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const { t } = useLingui();
  const menu = useMenuOpen();
  // the side menu's ~40 links (off screen on phones) render just after the first paint, not in it
  const linksReady = useDeferredValue(true, false);
  // arrival notices on the dashboard only: the header's inbox badge says it on every other page
  const onDashboard = useRouterState({ select: (s) => s.location.pathname.endsWith('/partnerMain') });

  return (
    <div className={css.shell}>
      <header className={css.header}>
        <Button variant="ghost" className={css.toggle} aria-label={t`메뉴`} aria-expanded={menu.open} onClick={menu.toggle}>
          ☰
        </Button>
        <Link to="/$prefix/partnerMain" params={{ prefix }} className={css.brand}>
          <SiteMark kind={<Trans>파트너</Trans>} short />
        </Link>
        <div className={css.who}>
          {caller.partnerLevel !== 'NORMAL' && (
            <Button variant="primary" className={css.create} onClick={() => openCreate()} data-testid="open-create" aria-label={t`회원 생성`}>
              +
              <span className={css.desktopOnly}>
                <Trans>회원 생성</Trans>
              </span>
            </Button>
          )}
          <InboxLink />
          <span className={css.nick} data-testid="partner-nick">
            {member?.memNick}
          </span>
          <span className={css.desktopOnly}>
            <LanguageSelect />
          </span>
          <span className={css.desktopOnly}>
            <LogoutButton />
          </span>
        </div>
      </header>
      <AccountLine />
      <div className={css.body}>
        {menu.open && <button type="button" className={css.scrim} aria-label={t`메뉴 닫기`} onClick={menu.close} />}
        <nav className={css.menu} data-open={menu.open} aria-label={t`메뉴`}>
          <div className={css.menuHead}>
            <strong>{member?.memNick}</strong>
            <Button variant="ghost" aria-label={t`메뉴 닫기`} onClick={menu.close}>
              ✕
            </Button>
          </div>
          {(linksReady || menu.open) && <MenuLinks prefix={prefix} />}
          <div className={css.menuFoot}>
            <LanguageSelect />
            <LogoutButton variant="secondary" />
          </div>
        </nav>
        <main className={css.main}>
          {onDashboard && <NoticeBox />}
          <Outlet />
          <SiteFooter />
        </main>
      </div>
      <SitePopups />
      <RateModalHost />
      {popups}
    </div>
  );
}
