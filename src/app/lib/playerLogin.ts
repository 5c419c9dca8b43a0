import { reservedPrefixes } from '../../contract/reservedPrefixes';

/** The site whose player login (`/$prefix/`) this path is, the page most visits open on: a top-level path no route but a site's takes. */
export function playerLoginSite(pathname: string): string | null {
  const prefix = /^\/([^/]+)\/?$/.exec(pathname)?.[1];
  return prefix && !(reservedPrefixes as readonly string[]).includes(prefix) ? prefix : null;
}
