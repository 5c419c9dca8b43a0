import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { popupsQueryOptions } from './siteContent';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { HtmlContent } from '../../ui/HtmlContent';
import { closePopup, isClosed } from '../../ui/popupFlags';
import { safeLink } from '../../ui/safeLink';
import css from '../../ui/ShellExtras.module.css';
import { useApi } from '../../lib/useApi';

/** The site's active popups, one at a time; each shows once per notice on a device (popupFlags). */
export function SitePopups() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { site } = useSnapshot(session);
  const popups = useQuery(popupsQueryOptions(api, prefix));
  const [, setTick] = useState(0);
  const siteId = site?.siteId ?? prefix;
  const current = popups.data?.list.find((p) => !isClosed(siteId, p));
  if (!current) return null;
  const close = (forToday: boolean) => {
    closePopup(siteId, current, forToday);
    setTick((n) => n + 1);
  };
  const link = safeLink(current.linkUrl);
  return (
    <div className={css.popupLayer}>
      <section className={css.popup} role="dialog" aria-modal="false" aria-labelledby={`popup-${current.bannerIdx}`} data-testid="site-popup">
        <h2 id={`popup-${current.bannerIdx}`} className={css.popupTitle}>
          {current.title}
        </h2>
        <div className={css.popupBody}>
          {current.imageUrl &&
            (link ? (
              <a href={link}>
                <img src={current.imageUrl} alt="" />
              </a>
            ) : (
              <img src={current.imageUrl} alt="" />
            ))}
          <HtmlContent html={current.content} />
        </div>
        <div className={css.popupActions}>
          <Button variant="ghost" onClick={() => close(true)}>
            <Trans>오늘 하루 보지 않기</Trans>
          </Button>
          <Button variant="primary" onClick={() => close(false)}>
            <Trans>닫기</Trans>
          </Button>
        </div>
      </section>
    </div>
  );
}
