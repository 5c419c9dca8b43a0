import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { bannersQueryOptions } from './siteContent';
import { HtmlContent } from '../../ui/HtmlContent';
import { safeLink } from '../../ui/safeLink';
import css from '../../ui/ShellExtras.module.css';
import { useApi } from '../../lib/useApi';

/** The lobby's banner strip: swipe on phones, a row on wide screens. */
export function Banners() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const banners = useQuery(bannersQueryOptions(api, prefix));
  const list = banners.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <ul className={css.banners} data-testid="banners">
      {list.map((b) => {
        const link = safeLink(b.linkUrl);
        const body = (
          <>
            {b.imageUrl && <img src={b.imageUrl} alt="" />}
            <strong>{b.title}</strong>
            <HtmlContent html={b.content} />
          </>
        );
        return (
          <li key={b.bannerIdx} className={css.banner}>
            {link ? <a href={link}>{body}</a> : body}
          </li>
        );
      })}
    </ul>
  );
}
