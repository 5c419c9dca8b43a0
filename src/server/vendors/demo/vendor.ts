import type { VendorAdapter } from '../adapter.js';
import { demoRoutes } from './play.js';
import { sweepMember } from './sweep.js';

/** The built-in demo provider: its game pages run here, and its open baccarat rounds are dealt before a transfer out. */
export const demoVendor: VendorAdapter = { routes: demoRoutes, settleOpen: sweepMember };
