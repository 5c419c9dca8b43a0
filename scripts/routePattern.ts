const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A TanStack path pattern (`/$prefix/noticeRead/$boardIdx`, `/$prefix/partnerListLevel{$code}`,
 * `/$prefix/$`) as a regex over a pathname; the build writes its source into route-preloads.json,
 * where the server and the app read it.
 */
export function routePattern(path: string): RegExp {
  const segs = path
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg === '$') return '(?:/.*)?';
      if (seg.startsWith('$')) return '/[^/]+';
      return (
        '/' +
        seg
          .split(/\{\$\w+\}/)
          .map(escapeRe)
          .join('[^/]*')
      );
    });
  return new RegExp(`^${segs.join('')}/?$`, 'i');
}
