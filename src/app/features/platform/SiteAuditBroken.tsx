import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import css from './SiteAuditBroken.module.css';

/** Beside a site's status on the console: its audit chain was found broken (from row `seq` on, when `detail`). */
export function SiteAuditBroken({ broken, detail }: { broken: { seq: number } | null; detail?: boolean }) {
  if (!broken) return null;
  const seq = formatNumber(broken.seq);
  return (
    <span className={css.badge} data-testid="site-audit-broken">
      <Trans>감사 기록 손상</Trans>
      {detail && (
        <>
          {' '}
          <Trans>({seq}번째 기록부터)</Trans>
        </>
      )}
    </span>
  );
}
