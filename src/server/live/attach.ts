import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../contract/codes.js';
import type { AppContext } from '../context.js';
import { getSessionByToken } from '../domain/auth/sessions.js';
import { StompConnection, type AuthFailure, type Identity } from './broker.js';
import { MAX_FRAME_BYTES } from './frames.js';
import { Registry } from './registry.js';

export const LIVE_PATH = '/ws';

async function authenticate(app: AppContext, token: string): Promise<Identity | AuthFailure> {
  try {
    const s = await getSessionByToken(app.db, token, app.clock.now(), app.sessions);
    return { siteId: s.siteId, memId: s.memId, sessionId: s.sessionId, operator: s.loginType === 'ADMIN' };
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
}

/** Mounts the STOMP-over-WebSocket live channel at /ws and feeds it from the app's publisher. */
export async function attachLive(http: FastifyInstance, app: AppContext): Promise<Registry> {
  const registry = new Registry();
  // a STOMP frame may span WebSocket messages, so the frame limit is enforced by the parser; this caps one message
  await http.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES + 1024 } });
  http.get(LIVE_PATH, { websocket: true }, (socket) => {
    new StompConnection(socket, { registry, authenticate: (token) => authenticate(app, token), maxPerSession: app.config.socketsPerSession });
  });
  const off = app.live.onEvent((to, event) => registry.dispatch(to, event));
  http.addHook('preClose', (done) => {
    off();
    registry.closeAll('server shutdown');
    done();
  });
  return registry;
}
