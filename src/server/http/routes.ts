import { commonRoutes } from './common.js';
import type { RouteDef } from './route.js';

/** Every API route, one module per contract area. */
export const allRoutes: RouteDef[] = [...commonRoutes];
