import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import css from './AuditBroken.module.css';

/** The operator's home alert: the server's verify found the site's audit chain broken from row `seq` on. */
export function AuditBroken({ prefix, broken }: { prefix: string; broken: { seq: number } | null | undefined }) {
  if (!broken) return null;
  const seq = formatNumber(broken.seq);
  return (
    <section role="alert" className={css.card} data-testid="audit-broken">
      <h2 className={css.heading}>
        <Trans>감사 기록이 손상되었습니다</Trans>
      </h2>
      <p className={css.text}>
        <Trans>{seq}번째 기록부터 연결이 맞지 않습니다. 기록이 지워졌거나 바뀌었을 수 있습니다.</Trans>
      </p>
      <Link to="/$prefix/admin/audit" params={{ prefix }} className={css.link}>
        <Trans>감사 로그 보기</Trans>
      </Link>
    </section>
  );
}
