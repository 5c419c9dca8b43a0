import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_COOKIE } from '../domain/games/localNames.js';

/** `route-preloads.json` as the build writes it (scripts/vite-route-preloads.ts). */
interface RoutePreloads {
  /** `pattern`: the path pattern as a regex source (case-insensitive), written by the build */
  routes: { path: string; pattern: string; js: string[]; css: string[]; shell: boolean }[];
  catalogues: Record<string, string>;
}

export interface PagePreloads {
  /** `<link>` tags for the page's chunks, styles and message catalogue */
  tags: string[];
  /** a signed-in shell (partner, player, member, operator screens) rather than a login or info page */
  shell: boolean;
  /** the route's path as the app names it (`/$prefix/login`), or null when none matches */
  route: string | null;
}

/** The app starts in Korean until the user picks a language; it mirrors the pick in a cookie. */
const DEFAULT_LANGUAGE = 'ko';

const link = (rel: string, file: string) => `<link rel="${rel}" crossorigin href="/${file}">`;

/**
 * A page's own styles are fetched with the HTML but do not hold the first paint back: the route's
 * chunk applies them (as stylesheets, waiting for their load) before its screen renders, and until
 * then only the entry's shell, styled by the entry's stylesheet, can paint.
 */
const style = (file: string) => `<link rel="preload" as="style" crossorigin href="/${file}">`;

/**
 * What the page at a path needs besides the entry, for the shell's head: the browser fetches it
 * beside the entry instead of discovering it one router step at a time. Files the shell already
 * names (`shellHtml`) are left out once, here, not on every request. Nothing when the build has
 * no preload list.
 */
export function loadPreloads(root: string, shellHtml: string): (url: string, cookie: string | undefined) => PagePreloads {
  const file = join(root, 'route-preloads.json');
  if (!existsSync(file)) return () => ({ tags: [], shell: false, route: null });
  const list = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  const fresh = (f: string) => !shellHtml.includes(`/${f}"`);
  const routes = list.routes.map((r) => ({
    path: r.path,
    re: new RegExp(r.pattern, 'i'),
    shell: r.shell,
    css: r.css.filter(fresh).map(style),
    js: r.js.filter(fresh).map((f) => link('modulepreload', f)),
  }));
  const catalogues = new Map(
    Object.entries(list.catalogues)
      .filter(([, f]) => fresh(f))
      .map(([lang, f]) => [lang, link('modulepreload', f)]),
  );
  return (url, cookie) => {
    const path = url.split(/[?#]/)[0];
    const route = routes.find((r) => r.re.test(path));
    const lang = LANGUAGE_COOKIE.exec(cookie ?? '')?.[1];
    const catalogue = catalogues.get(lang && list.catalogues[lang] ? lang : DEFAULT_LANGUAGE);
    return {
      tags: [...(route?.css ?? []), ...(catalogue ? [catalogue] : []), ...(route?.js ?? [])],
      shell: route?.shell ?? false,
      route: route?.path ?? null,
    };
  };
}
