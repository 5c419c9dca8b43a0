import type { Registry } from '../live/registry.js';
import type { Metrics } from './metrics.js';

/** What health, metrics and the drain share in one running server. */
export interface Ops {
  /** set when a SIGTERM drain begins: ready answers 503 from then on */
  draining: boolean;
  /** the live channel's sockets, once attached */
  live?: Registry;
  metrics: Metrics;
}
