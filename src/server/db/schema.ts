import type { CoreTables } from './tables/core.js';
import type { MoneyTables } from './tables/money.js';
import type { BoardTables } from './tables/board.js';
import type { PartnerTables } from './tables/partner.js';
import type { GameTables } from './tables/games.js';
import type { TwoFactorTables } from './tables/twoFactor.js';
import type { PushTables } from './tables/push.js';
import type { BrandTables } from './tables/brand.js';
import type { PlatformTables } from './tables/platform.js';
import type { PlatformOpsTables } from './tables/platformOps.js';

/** The whole schema: each capability owns one tables/*.ts file and its migrations. */
export interface Database extends CoreTables, MoneyTables, BoardTables, PartnerTables, GameTables, TwoFactorTables, PushTables, BrandTables, PlatformTables, PlatformOpsTables {}
