import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { routePattern } from './routePattern';

/** The file the plugin writes at the build's root: the server and the app read it by this name. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What the server adds to the shell it sends for a path (see src/server/http/static.ts). */
export interface RoutePreloads {
  /** leaf routes, most specific first: TanStack path pattern, JS to modulepreload, CSS to link, behind a sign-in */
  routes: { path: string; pattern: string; js: string[]; css: string[]; shell: boolean }[];
  /** compiled message catalogue per language */
  catalogues: Record<string, string>;
}

interface RouteNode {
  file: string;
  path: string;
  parent: string | null;
}

/** Route files with their full paths and parents, read from the generated route tree. */
function readRouteTree(file: string): Map<string, RouteNode & { fullPath: string }> {
  const src = readFileSync(file, 'utf8');
  const files = new Map([...src.matchAll(/import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'/g)].map((m) => [m[1], m[2]]));
  const nodes = new Map<string, RouteNode>();
  const root = [...files].find(([, f]) => f === 'routes/__root');
  if (!root) throw new Error('route tree: no root route');
  nodes.set(root[0], { file: root[1], path: '', parent: null });
  for (const m of src.matchAll(/const (\w+) =\s*(\w+)\.update\(\{([\s\S]*?)\}\s*as any\)/g)) {
    const file = files.get(m[2]);
    const parent = /getParentRoute: \(\) => (\w+)/.exec(m[3])?.[1];
    if (!file || !parent) throw new Error(`route tree: cannot read ${m[1]}`);
    nodes.set(m[1], { file, path: /\bpath: '([^']*)'/.exec(m[3])?.[1] ?? '', parent });
  }
  const full = (name: string): string => {
    const n = nodes.get(name);
    if (!n) throw new Error(`route tree: no route ${name}`);
    return n.parent ? (full(n.parent) + n.path).replace(/\/{2,}/g, '/') : n.path;
  };
  return new Map([...nodes].map(([name, n]) => [name, { ...n, fullPath: full(name) || '/' }]));
}

/** Static segments first, then fewer params, splats last: the order a router picks among matches. */
const specificity = (path: string) => {
  const segs = path.split('/').filter(Boolean);
  return [segs.some((s) => s === '$') ? 1 : 0, -segs.filter((s) => !s.includes('$')).length, segs.length] as const;
};
const bySpecificity = (a: string, b: string) => {
  const [x, y] = [specificity(a), specificity(b)];
  return x[0] - y[0] || x[1] - y[1] || y[2] - x[2];
};

/**
 * Writes `route-preloads.json`: for every page of the app, the chunks (and CSS) its route and
 * parent routes load (components and what their loaders import), so the server can name them in
 * the HTML and they download beside the entry instead of one after another once the router runs;
 * the app reads it after starting to do the same for the pages it navigates to.
 * Signed-in shells also get the session runtime and the chunk that restores the user's persisted
 * queries, both loaded before their loaders run; every page the guest tree (guestRoutes.ts) does
 * not hold gets the full route tree, which the app loads before it routes such a page.
 */
export function routePreloads(opts: { routeTree: string; guestTree: string; signedIn: string[] }): Plugin {
  return {
    name: 'pitboss:route-preloads',
    apply: 'build',
    generateBundle(_o, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const chunkOf = new Map<string, Rollup.OutputChunk>();
      for (const c of chunks) for (const id of c.moduleIds) chunkOf.set(id, c);
      // a lazily imported module that sits in a grouped chunk is reached through a small facade chunk
      // that re-exports it: the facade is what the import asks for, and it imports the group
      for (const c of chunks) if (c.facadeModuleId) chunkOf.set(c.facadeModuleId, c);
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // what every page loads anyway (the entry and its static imports)
      const initial = new Set<string>();
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file) || initial.has(file)) return;
        into.add(file);
        byName.get(file)?.imports.forEach((f) => closure(f, into));
      };
      for (const c of chunks) if (c.isEntry) closure(c.fileName, initial);

      const tree = readRouteTree(opts.routeTree);
      const parents = new Set([...tree.values()].map((n) => n.parent));
      const signedIn = opts.signedIn.map((f) => chunkOf.get(resolve(f))).filter((c) => !!c);
      const fullTree = chunkOf.get(resolve(opts.routeTree));
      if (!fullTree) throw new Error('route preloads: the route tree is not in the build');
      // the route files the guest tree imports, as the generated tree names them ('routes/...')
      const guestFiles = new Set([...readFileSync(opts.guestTree, 'utf8').matchAll(/from '\.\/(routes\/[^']+)'/g)].map((m) => m[1]));
      if (!guestFiles.size) throw new Error(`route preloads: no route imported by ${opts.guestTree}`);
      const routes: RoutePreloads['routes'] = [];
      for (const [name, node] of tree) {
        if (parents.has(name)) continue;
        const js = new Set<string>();
        let shell = false;
        for (let n: string | null = name; n; n = tree.get(n)!.parent) {
          const file = resolve(dirname(opts.routeTree), tree.get(n)!.file);
          const id = ['.tsx', '.ts'].map((ext) => file + ext).find((f) => this.getModuleInfo(f));
          if (!id) throw new Error(`route preloads: ${file} is not in the build`);
          for (const dyn of this.getModuleInfo(id)!.dynamicallyImportedIds) {
            // a route's error and not-found screens paint only when something fails: fetched then
            if (/[?&]tsr-split=(errorComponent|notFoundComponent)\b/.test(dyn)) continue;
            const c = chunkOf.get(dyn);
            if (c) closure(c.fileName, js);
          }
          shell ||= /\brequireShell\(/.test(readFileSync(id, 'utf8'));
        }
        if (shell) for (const c of signedIn) closure(c.fileName, js);
        if (!guestFiles.has(node.file)) closure(fullTree.fileName, js);
        const css = [...js].flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        routes.push({ path: node.fullPath, pattern: routePattern(node.fullPath).source, js: [...js], css: [...new Set(css)], shell });
      }
      routes.sort((a, b) => bySpecificity(a.path, b.path));

      const catalogues: Record<string, string> = {};
      for (const c of chunks) {
        const lang = c.moduleIds.map((id) => /[\\/]locales[\\/](\w+)[\\/]messages\.\w+$/.exec(id)?.[1]).find(Boolean);
        if (lang) catalogues[lang] = c.fileName;
      }
      const out: RoutePreloads = { routes, catalogues };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(out, null, 1) });
    },
  };
}
