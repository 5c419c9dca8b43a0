import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { siteOptionQueryOptions } from './siteContent';
import { session } from '../../lib/session/store';
import { safeLink } from '../../ui/safeLink';
import css from '../../ui/ShellExtras.module.css';
import { useApi } from '../../lib/useApi';

/** Up to three social links from the site options (the third only when set) and the copyright line. */
export function SiteFooter() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { site } = useSnapshot(session);
  const opt = useQuery(siteOptionQueryOptions(api, prefix)).data;
  const sns = opt
    ? [
        { name: opt.sns1, id: opt.sns1Id, link: opt.sns1Link },
        { name: opt.sns2, id: opt.sns2Id, link: opt.sns2Link },
        { name: opt.sns3, id: opt.sns3Id, link: opt.sns3Link },
      ].filter((s, i) => s.name && (i < 2 || s.link))
    : [];
  const year = new Date().getFullYear();
  const name = site?.siteName ?? 'Pitboss';
  return (
    <footer className={css.footer} data-testid="site-footer">
      {sns.length > 0 && (
        <ul className={css.sns}>
          {sns.map((s) => {
            const href = safeLink(s.link);
            const label = (
              <>
                <strong>{s.name}</strong>
                {s.id && <span>{s.id}</span>}
              </>
            );
            return (
              <li key={s.name}>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {label}
                  </a>
                ) : (
                  <span>{label}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className={css.copy}>
        <Trans>
          © {year} {name}. All rights reserved.
        </Trans>
      </p>
    </footer>
  );
}
