import { Link, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { ChatIcon, MailIcon } from '../../ui/icons';
import css from '../../ui/ShellExtras.module.css';

/**
 * Arrival notices fed live by MSG / ANSWER_CMT / COUPON (counts in the session store): one compact
 * line of chips, each a link to its list, so a money screen's field stays above the fold at 320x568.
 */
export function NoticeBox() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { msgInfo, newCoupons } = useSnapshot(session);
  const { t } = useLingui();
  if (msgInfo.newMsg < 1 && msgInfo.newAnswer < 1 && newCoupons < 1) return null;
  return (
    // the live region around the list: a role on the <ul> itself would take its list semantics away
    <div role="status">
      <ul className={css.noticeBox} data-testid="notice-box" aria-label={t`새 소식`}>
        {msgInfo.newMsg > 0 && (
          <li>
            <Link to="/$prefix/msg" params={{ prefix }} data-testid="notice-msg">
              <MailIcon />
              <Trans>새 쪽지</Trans>
              <span className={css.count}>{msgInfo.newMsg}</span>
            </Link>
          </li>
        )}
        {msgInfo.newAnswer > 0 && (
          <li>
            <Link to="/$prefix/qna" params={{ prefix }} data-testid="notice-answer">
              <ChatIcon />
              <Trans>새 답변</Trans>
              <span className={css.count}>{msgInfo.newAnswer}</span>
            </Link>
          </li>
        )}
        {newCoupons > 0 && (
          <li>
            <Link to="/$prefix/coupon" params={{ prefix }} data-testid="notice-coupon">
              <MailIcon />
              <Trans>새 쿠폰</Trans>
              <span className={css.count}>{newCoupons}</span>
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
