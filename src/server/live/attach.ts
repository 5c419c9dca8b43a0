import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Mounts the STOMP-over-WebSocket live channel at /ws. */
export async function attachLive(_http: FastifyInstance, _app: AppContext): Promise<void> {}
