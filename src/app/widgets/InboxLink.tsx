import { Link, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { session } from '../lib/session/store';
import { MailIcon } from '../ui/icons';
import css from '../ui/ShellExtras.module.css';

/** Header shortcut to the inbox with the live unread count. */
export function InboxLink() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { msgInfo } = useSnapshot(session);
  const { t } = useLingui();
  const count = msgInfo.newMsg > 99 ? '99+' : String(msgInfo.newMsg);
  // the name holds the number shown, so a voice command that reads the screen finds it
  return (
    <Link to="/$prefix/msg" params={{ prefix }} className={css.inboxLink} aria-label={msgInfo.newMsg > 0 ? t`쪽지함 새 쪽지 ${count}` : t`쪽지함`} data-testid="inbox-link">
      <MailIcon />
      {msgInfo.newMsg > 0 && (
        <span className={css.dot} data-testid="inbox-badge">
          {count}
        </span>
      )}
    </Link>
  );
}
