import { EventEmitter } from 'node:events';
import type { LiveEvent } from '../../contract/enums.js';

/**
 * Who a live event goes to: one member of a site (optionally only the sockets of one session,
 * e.g. LOGOUT to a superseded session while the new one stays), everyone online on the site, or
 * the site's operators only (ADMIN_PENDING).
 */
export type Audience =
  | { siteId: string; memId: string; sessionId?: number }
  | { siteId: string; all: true }
  | { siteId: string; operators: true };

/**
 * The domain calls `publish`; the STOMP broker of each instance listens. In-process by default,
 * fanned out through Redis when several instances run.
 */
export interface Publisher {
  publish(to: Audience, event: LiveEvent): void;
  onEvent(listener: (to: Audience, event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export function inProcessPublisher(): Publisher {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    publish(to, event) {
      bus.emit('event', to, event);
    },
    onEvent(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}
