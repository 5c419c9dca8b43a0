import { Link, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { ChatIcon, MailIcon, MegaphoneIcon } from '../../ui/icons';
import css from '../../ui/ShellExtras.module.css';

/** Notices, 1:1 inquiries and messages, with the live unread counts. */
export function BoardLinks() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { msgInfo } = useSnapshot(session);
  return (
    <nav className={css.boardLinks} data-testid="board-links">
      <Link to="/$prefix/noticeList" params={{ prefix }}>
        <MegaphoneIcon />
        <Trans>공지사항</Trans>
      </Link>
      <Link to="/$prefix/qna" params={{ prefix }}>
        <ChatIcon />
        <Trans>1:1 문의</Trans>
        {msgInfo.newAnswer > 0 && <span className={css.count}>{msgInfo.newAnswer}</span>}
      </Link>
      <Link to="/$prefix/msg" params={{ prefix }}>
        <MailIcon />
        <Trans>쪽지함</Trans>
        {msgInfo.newMsg > 0 && <span className={css.count}>{msgInfo.newMsg}</span>}
      </Link>
    </nav>
  );
}
