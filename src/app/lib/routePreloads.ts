import type { AnyRouter } from '@tanstack/react-router';

interface PreloadList {
  /** `pattern`: the page's path pattern as a regex source, written by the build */
  routes: { pattern: string; js: string[] }[];
}

/**
 * The chunks of a page the app navigates to are asked for together, from the build's preload list
 * (the bundle's own dependency lists name only styles, which keeps the first chunk small); without
 * it each chunk's imports would be found only once that chunk has arrived.
 */
export async function preloadOnNavigation(router: AnyRouter): Promise<void> {
  let list: PreloadList;
  try {
    list = (await (await fetch('/route-preloads.json')).json()) as PreloadList;
  } catch {
    return;
  }
  const routes = list.routes.map((r) => ({ ...r, re: new RegExp(r.pattern, 'i') }));
  const asked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname));
  router.subscribe('onBeforeLoad', ({ toLocation }) => {
    for (const file of routes.find((r) => r.re.test(toLocation.pathname))?.js ?? []) {
      const href = `/${file}`;
      if (asked.has(href)) continue;
      asked.add(href);
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href });
      document.head.append(link);
    }
  });
}
