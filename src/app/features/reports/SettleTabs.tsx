import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import css from './Settlement.module.css';

/** Partner totals and user totals: two screens, one pair of tabs. */
export function SettleTabs({ current }: { current: 'partner' | 'user' }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  return (
    <nav className={css.tabs} aria-label={t`정산`}>
      <Link to="/$prefix/partnerCalculationList" params={{ prefix }} aria-current={current === 'partner' ? 'page' : undefined}>
        <Trans>파트너 정산</Trans>
      </Link>
      <Link to="/$prefix/partnerCalculationUserList" params={{ prefix }} aria-current={current === 'user' ? 'page' : undefined}>
        <Trans>회원 정산</Trans>
      </Link>
      <Link to="/$prefix/partnerRate" params={{ prefix }}>
        <Trans>요율 조정</Trans> ›
      </Link>
    </nav>
  );
}
