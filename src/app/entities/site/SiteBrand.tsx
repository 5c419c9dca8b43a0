import type { ReactNode } from 'react';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../lib/session/store';
import css from '../../ui/Auth.module.css';

/**
 * The site's logo and name large, over a login or signup form (never the product's). The page's
 * own heading stays the one `h1`: where the page has one already (signup), the name is plain text.
 */
export function SiteBrand({ testId, kind, subtitle, heading = true }: { testId: string; kind?: ReactNode; subtitle?: ReactNode; heading?: boolean }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { site } = useSnapshot(session);
  const Title = heading ? 'h1' : 'p';
  return (
    <header className={css.brand} data-testid={testId}>
      <img className={css.logo} src={`/${prefix}/icons/icon-192.png`} alt="" width={64} height={64} />
      <Title className={css.title}>{site?.siteName}</Title>
      {kind && <h2 className={css.kind}>{kind}</h2>}
      {subtitle && <p className={css.subtitle}>{subtitle}</p>}
    </header>
  );
}
