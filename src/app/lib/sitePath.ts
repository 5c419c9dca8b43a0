import { isReservedPrefix } from '../../contract/reservedPrefixes';

/** The site a path is under: its first segment, unless that is a path no site may take (`/platform`, `/admin`, ...). */
export function siteOfPath(pathname: string): string | null {
  const prefix = /^\/([A-Za-z0-9_-]+)(?:\/|$)/.exec(pathname)?.[1];
  return prefix && !isReservedPrefix(prefix) ? prefix : null;
}

/** The site whose player login (`/$prefix/`) this path is, the page most visits open on: a top-level path no route but a site's takes. */
export function playerLoginSite(pathname: string): string | null {
  return /^\/[^/]+\/?$/.test(pathname) ? siteOfPath(pathname) : null;
}
