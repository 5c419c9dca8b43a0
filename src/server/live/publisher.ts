import { EventEmitter } from 'node:events';
import type { Publisher } from '../domain/ports.js';

/** The domain's port (domain/deps.ts), re-exported for the live channel's own files. */
export type { Audience, Invalidation, Publisher } from '../domain/ports.js';

export function inProcessPublisher(): Publisher {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    publish(to, event) {
      bus.emit('event', to, event);
    },
    delivered: async () => {},
    heardAll: async () => true,
    onEvent(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    // one process hears everything it publishes
    watch: async () => {},
    unwatch() {},
    async invalidate(what) {
      bus.emit('invalidate', what);
    },
    onInvalidate(listener) {
      bus.on('invalidate', listener);
      return () => bus.off('invalidate', listener);
    },
    connected: () => true,
    async close() {
      bus.removeAllListeners();
    },
  };
}
