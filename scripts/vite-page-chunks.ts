import { resolve, sep } from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Modules and everything they import statically. */
function closure(graph: ModuleGraph, ids: Iterable<string>, into = new Set<string>()): Set<string> {
  const todo = [...ids];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (into.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    into.add(id);
    todo.push(...info.importedIds);
  }
  return into;
}

const isRouteFile = (id: string) => id.includes(`${sep}routes${sep}`) && !id.includes('?');

/** What a page loads: its route files' split chunks (screens, loaders) and the other files given, with their static imports. */
function pageModules(graph: ModuleGraph, files: string[]): Set<string> {
  const roots: string[] = [];
  for (const f of files) {
    const info = graph.getModuleInfo(f);
    if (!info) throw new Error(`page chunks: ${f} is not in the build`);
    // a route file's own code sits in the route tree; its screen and loader are what it imports lazily
    roots.push(...(isRouteFile(f) ? info.dynamicallyImportedIds : [f]));
  }
  return closure(graph, roots);
}

export interface LandingPage {
  /** route files of the page and its layouts, plus files its layout loads before rendering */
  files: string[];
  /** the folder of the routes that render in the same shell */
  family: string;
}

/**
 * One chunk per landing page of a signed-in user (the partner dashboard, the player lobby), one for
 * what the signed-in pages share, and two for the guest's first page (the player login): what only
 * pages outside the signed-in shells use, and what it shares with those shells (fields, the
 * language select, the write hook). Over HTTP/1.1's six connections each of ~40 small chunks costs
 * a round trip before the first paint. A module goes into a landing page's chunk only when no page
 * outside that shell uses it, else into the shared one; modules the entry and the route tree load
 * (every page loads both) stay where they are, so the first page's JS does not grow.
 */
export function pageChunkGroups(opts: {
  routeTree: string;
  /** what every page loads: the entry, and the route tree it loads (see main.tsx) */
  entries: string[];
  guest: { files: string[]; name: string; common: string };
  pages: Record<string, LandingPage>;
  shared: string;
}) {
  let owner: Map<string, string> | null = null;
  const ownerOf = (graph: ModuleGraph) => {
    if (owner) return owner;
    // the entries' static imports stay where they are: through index files they reach far more
    // than the entries run, and a group must not pull what they run out of their chunks
    const loadedFirst = closure(
      graph,
      opts.entries.map((f) => resolve(f)),
    );
    const families = Object.entries(opts.pages).map(([name, p]) => [name, resolve(p.family) + sep] as const);
    // which shells' pages use each module ('' = a page outside the named shells)
    const usedBy = new Map<string, Set<string>>();
    for (const route of graph.getModuleInfo(resolve(opts.routeTree))?.importedIds.filter(isRouteFile) ?? []) {
      const family = families.find(([, dir]) => route.startsWith(dir))?.[0] ?? '';
      for (const id of pageModules(graph, [route])) usedBy.set(id, (usedBy.get(id) ?? new Set()).add(family));
    }
    owner = new Map();
    // the guest's page first: it must not load a shell's chunk
    for (const id of pageModules(
      graph,
      opts.guest.files.map((f) => resolve(f)),
    )) {
      if (loadedFirst.has(id)) continue;
      const inShell = [...(usedBy.get(id) ?? [])].some((f) => f !== '');
      owner.set(id, inShell ? opts.guest.common : opts.guest.name);
    }
    for (const [name, page] of Object.entries(opts.pages)) {
      for (const id of pageModules(
        graph,
        page.files.map((f) => resolve(f)),
      )) {
        if (loadedFirst.has(id)) continue;
        const was = owner.get(id);
        // a landing page's own files (the session runtime) may reach a module only the guest's page showed
        if (was === opts.guest.name) owner.set(id, opts.guest.common);
        if (was !== undefined) {
          if (was !== opts.guest.name && was !== opts.guest.common) owner.set(id, opts.shared);
          continue;
        }
        const only = [...(usedBy.get(id) ?? [])].every((f) => f === name);
        owner.set(id, only ? name : opts.shared);
      }
    }
    return owner;
  };
  return {
    name: (id: string, ctx: ModuleGraph) => ownerOf(ctx).get(id) ?? null,
    // a grouped module's imports that the entries load must stay out of the group
    includeDependenciesRecursively: false,
  };
}
