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
 * One chunk per landing page of a signed-in user (the partner dashboard, the player lobby) and one
 * for what the signed-in pages share: over HTTP/1.1's six connections each of ~40 small chunks
 * costs a round trip before the first paint. A module goes into a landing page's chunk only when
 * no page outside that shell uses it, else into the shared one; modules the entry or the guest's
 * first page load stay where they are, so the first page's JS does not grow.
 */
export function pageChunkGroups(opts: { routeTree: string; entry: string; guest: string[]; pages: Record<string, LandingPage>; shared: string }) {
  let owner: Map<string, string> | null = null;
  const ownerOf = (graph: ModuleGraph) => {
    if (owner) return owner;
    const loadedFirst = closure(graph, [resolve(opts.entry)]);
    for (const id of pageModules(
      graph,
      opts.guest.map((f) => resolve(f)),
    ))
      loadedFirst.add(id);
    const families = Object.entries(opts.pages).map(([name, p]) => [name, resolve(p.family) + sep] as const);
    // which shells' pages use each module ('' = a page outside the named shells)
    const usedBy = new Map<string, Set<string>>();
    for (const route of graph.getModuleInfo(resolve(opts.routeTree))?.importedIds.filter(isRouteFile) ?? []) {
      const family = families.find(([, dir]) => route.startsWith(dir))?.[0] ?? '';
      for (const id of pageModules(graph, [route])) usedBy.set(id, (usedBy.get(id) ?? new Set()).add(family));
    }
    owner = new Map();
    for (const [name, page] of Object.entries(opts.pages)) {
      for (const id of pageModules(
        graph,
        page.files.map((f) => resolve(f)),
      )) {
        if (loadedFirst.has(id)) continue;
        const only = [...(usedBy.get(id) ?? [])].every((f) => f === name);
        owner.set(id, only && !owner.has(id) ? name : opts.shared);
      }
    }
    return owner;
  };
  return {
    name: (id: string, ctx: ModuleGraph) => ownerOf(ctx).get(id) ?? null,
    // a grouped module's imports that the first page loads must stay out of the group
    includeDependenciesRecursively: false,
  };
}
