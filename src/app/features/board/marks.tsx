import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../ui/Badge';
import { MailIcon } from '../../ui/icons';
import css from './boardCss';

/** ANSWER / WAIT, in words. */
export function StatusBadge({ status }: { status: 'ANSWER' | 'WAIT' }) {
  const { t } = useLingui();
  return <span data-status={status}>{status === 'ANSWER' ? <Badge tone="ok">{t`답변완료`}</Badge> : <Badge tone="wait">{t`답변대기`}</Badge>}</span>;
}

export function NewBadge() {
  const { t } = useLingui();
  return (
    <Badge tone="new" label={t`새 글`}>
      N
    </Badge>
  );
}

/** Open envelope once the operator has read the inquiry. */
export function ReadMark({ read }: { read: boolean }) {
  const { t } = useLingui();
  const label = read ? t`관리자 확인` : t`관리자 미확인`;
  return (
    <span className={css.readMark} data-read={read} title={label} role="img" aria-label={label}>
      <MailIcon open={read} />
    </span>
  );
}
