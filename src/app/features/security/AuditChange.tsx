import { Trans } from '@lingui/react/macro';
import { partnerLevels } from '../../../contract/enums';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { auditChanges } from './auditChanges';
import css from './AdminSecurity.module.css';

// a partner level is a code to the server and a name to the operator ('NORMAL' is also a member status)
const levelNamed = (v: string) => (v !== 'NORMAL' && (partnerLevels as readonly string[]).includes(v) ? partnerLevelName(v) : undefined);

/** What an action changed, one field per line. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after, levelNamed);
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
