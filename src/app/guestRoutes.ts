import { createRootRouteWithContext } from '@tanstack/react-router';
import { Route as AppRoot } from './routes/__root';
import { Route as SiteRoute } from './routes/$prefix/route';
import { Route as PlayerLoginRoute } from './routes/$prefix/index';
import type { RouterContext } from './lib/routerContext';

/**
 * The routes the player login renders, as a tree of their own. Every other page's path, guard and
 * search rules (the generated tree, ~6 KB gzip with what they import) arrive after the first paint
 * and replace this one in the same router (main.tsx); the file routes are the same objects, placed
 * again by the generated tree. A root of its own: the router rebuilds its routes for a new root.
 * Call it before the generated tree is loaded: it moves the shared routes under this root.
 */
export function guestRouteTree() {
  const root = createRootRouteWithContext<RouterContext>()(AppRoot.options as never);
  // the same ids and paths the generated tree gives these files
  const site = SiteRoute.update({ id: '/$prefix', path: '/$prefix', getParentRoute: () => root } as never);
  const login = PlayerLoginRoute.update({ id: '/', path: '/', getParentRoute: () => site } as never);
  return root.addChildren([site.addChildren([login])]);
}
