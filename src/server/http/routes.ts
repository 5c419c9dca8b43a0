import { commonRoutes } from './common.js';
import { memberRoutes } from './member.js';
import type { RouteDef } from './route.js';

/** Every API route, one module per contract area. */
export const allRoutes: RouteDef[] = [...commonRoutes, ...memberRoutes];
