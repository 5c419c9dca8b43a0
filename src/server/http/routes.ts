import { commonRoutes } from './common.js';
import { memberRoutes } from './member.js';
import type { RouteDef } from '../handler.js';
import type { HttpParts } from './httpContext.js';
import { boardRoutes } from './board.js';
import { messageRoutes } from './message.js';
import { siteRoutes } from './site.js';
import { cashRoutes } from './cash.js';
import { retailRoutes } from './retail.js';
import { adminMoneyRoutes } from './admin.js';
import { adminSecurityRoutes } from './adminSecurity.js';
import { partnerRoutes } from './partner.js';
import { partnerAdminRoutes } from './partnerAdmin.js';
import { gameRoutes } from './game.js';
import { betRoutes } from './bet.js';
import { rateRoutes } from './rate.js';
import { statsRoutes } from './stats.js';
import { protectionRoutes } from './protection.js';
import { twoFactorRoutes } from './twoFactor.js';
import { pushRoutes } from './push.js';
import { platformRoutes } from './platform.js';
import { platformOpsRoutes } from './platformOps.js';
import { platformStaffRoutes } from './platformStaff.js';
import { couponRoutes } from './coupon.js';
import { walletRoutes } from '../vendors/callbacks.js';
import { vendorAdapters } from '../vendors/registry.js';

/** Every API route, one module per contract area: the vendors' wallet callbacks first, and each hosted vendor's own calls. */
export const allRoutes: RouteDef<HttpParts>[] = [
  ...walletRoutes,
  ...commonRoutes,
  ...memberRoutes,
  ...twoFactorRoutes,
  ...cashRoutes,
  ...retailRoutes,
  ...adminMoneyRoutes,
  ...adminSecurityRoutes,
  ...boardRoutes,
  ...messageRoutes,
  ...siteRoutes,
  ...partnerRoutes,
  ...partnerAdminRoutes,
  ...gameRoutes,
  ...vendorAdapters.flatMap((v) => v.routes),
  ...betRoutes,
  ...rateRoutes,
  ...statsRoutes,
  ...protectionRoutes,
  ...pushRoutes,
  ...platformRoutes,
  ...platformOpsRoutes,
  ...platformStaffRoutes,
  ...couponRoutes,
];
