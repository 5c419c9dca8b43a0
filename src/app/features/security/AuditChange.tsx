import { Trans } from '@lingui/react/macro';
import { auditChanges } from './auditChanges';
import css from './AdminSecurity.module.css';

/** What an action changed, one field per line. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after);
  if (!lines.length)
    return (
      <span className={css.hint}>
        <Trans>변경 내용 없음</Trans>
      </span>
    );
  return (
    <ul className={css.change}>
      {lines.map((l) => (
        <li key={l.field}>
          <span className={css.field}>{l.field}</span> {l.text}
        </li>
      ))}
    </ul>
  );
}
