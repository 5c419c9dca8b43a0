import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ApiError } from '../../contract/codes.js';
import type { AppContext } from '../context.js';
import { getSessionByToken } from '../domain/auth/sessions.js';
import { assertSiteOpen } from '../domain/platform/siteState.js';
import { endBlockedSession, isBlockedNow } from '../domain/site/ipBlock.js';
import { StompConnection, type AuthFailure, type Identity } from './broker.js';
import { MAX_FRAME_BYTES } from './frames.js';
import { PendingGate } from './pendingGate.js';
import { Registry } from './registry.js';
import { localSessionSlots, type SessionSlots } from './sessionSlots.js';

export const LIVE_PATH = '/ws';

/** WebSocket close code for "try again later" (RFC 6455 registry): too many pending sockets. */
export const CLOSE_TRY_LATER = 1013;

async function authenticate(app: AppContext, token: string, ip: string): Promise<Identity | AuthFailure> {
  try {
    const s = await getSessionByToken(app.db, token, app.clock.now(), app.sessions);
    const site = await app.sites.get(s.siteId);
    if (site) assertSiteOpen(site);
    if (await isBlockedNow(app, s.siteId, ip)) {
      await endBlockedSession(app, s.siteId, s.memId, s.sessionId);
      throw new ApiError('U004');
    }
    return { siteId: s.siteId, memId: s.memId, sessionId: s.sessionId, operator: s.loginType === 'ADMIN' };
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
}

/**
 * One warning line per socket for what closed it (a bad frame, an oversized message, a socket
 * error): the reason and the address, never a stack, so a flood of bad sockets cannot flood the log.
 */
export function socketLogger(log: Pick<FastifyBaseLogger, 'warn'>) {
  const logged = new WeakSet<object>();
  return (socket: object, ip: string, reason: string) => {
    if (logged.has(socket)) return;
    logged.add(socket);
    log.warn({ ip, reason }, 'live socket closed');
  };
}

async function makeSlots(app: AppContext, log: FastifyBaseLogger): Promise<SessionSlots> {
  const cap = app.config.socketsPerSession;
  if (!app.config.redisUrl) return localSessionSlots(cap);
  const { redisSessionSlots } = await import('./redisSessionSlots.js');
  return redisSessionSlots(app.config.redisUrl, cap, app.redisScope, (e) => log.warn({ err: e.message }, 'live session slots redis'));
}

/** Mounts the STOMP-over-WebSocket live channel at /ws and feeds it from the app's publisher. */
export async function attachLive(http: FastifyInstance, app: AppContext): Promise<Registry> {
  const registry = new Registry(app.live);
  const pending = new PendingGate(app.config.pendingSocketsPerIp);
  const logClosed = socketLogger(http.log);
  const slots = await makeSlots(app, http.log);
  // in a scope of its own: the plugin's hooks (marking upgrades) then run for /ws only, not on every call
  await http.register(async (scope) => {
    await scope.register(websocket, {
      // a STOMP frame may span WebSocket messages, so the frame limit is enforced by the parser; this caps one message
      options: { maxPayload: MAX_FRAME_BYTES + 1024 },
      errorHandler: (error, socket: WebSocket, req) => {
        logClosed(socket, req.ip, error.message);
        // ws is already closing with the right code (1009 for an oversized message); let that frame out
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
      },
    });
    scope.get(LIVE_PATH, { websocket: true }, (socket, req) => {
      const leave = pending.enter(req.ip);
      if (!leave) {
        logClosed(socket, req.ip, 'too many sockets waiting for CONNECT from this address');
        socket.close(CLOSE_TRY_LATER, 'too many pending connections');
        return;
      }
      new StompConnection(socket, {
        registry,
        slots,
        authenticate: (token) => authenticate(app, token, req.ip),
        maxSubscriptions: app.config.subsPerSocket,
        maxFramesPerSecond: app.config.framesPerSocketPerSec,
        connectTimeoutMs: app.config.connectTimeoutMs,
        onSettled: leave,
        onProtocolError: (reason) => logClosed(socket, req.ip, reason),
      });
    });
  });
  const off = app.live.onEvent((to, event) => registry.dispatch(to, event));
  http.addHook('preClose', (done) => {
    off();
    registry.closeAll('server shutdown');
    done();
  });
  http.addHook('onClose', async () => {
    await slots.close();
  });
  return registry;
}
