import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../lib/session/store';
import css from './SiteMark.module.css';

/**
 * The site's logo and name, as every shell's header shows them (never the product's), with what
 * kind of screen this is beside it (파트너, 운영자). Its short name where the header is narrow.
 */
export function SiteMark({ kind, short = false }: { kind?: ReactNode; short?: boolean }) {
  const { site } = useSnapshot(session);
  if (!site) return null;
  const name = short ? (site.brand?.shortName ?? site.siteName) : site.siteName;
  return (
    <span className={css.mark} data-testid="site-mark">
      {/* offline before the icon was ever kept: no broken-image mark, the space stays */}
      <img src={`/${site.prefix}/icons/icon-192.png`} alt="" width={28} height={28} onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
      <span className={css.name}>{name}</span>
      {kind && <span className={css.kind}>{kind}</span>}
    </span>
  );
}
