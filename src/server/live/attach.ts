import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ApiError } from '../../contract/codes.js';
import type { AppContext } from '../context.js';
import { StompConnection, type AuthFailure, type Identity } from './broker.js';
import { MAX_FRAME_BYTES } from './frames.js';
import { PendingGate } from './pendingGate.js';
import { Registry } from './registry.js';
import { localSessionSlots, type SessionSlots } from './sessionSlots.js';

export const LIVE_PATH = '/ws';

/** WebSocket close code for "try again later" (RFC 6455 registry): too many pending sockets. */
export const CLOSE_TRY_LATER = 1013;

/**
 * Who a socket's CONNECT token is, from the address it came from: built at the root (server.ts) from
 * the domain's session rules; refuses with an ApiError (an ended session, a closed site, a blocked address).
 */
export type SessionCheck = (token: string, ip: string) => Promise<Identity>;

async function authenticate(check: SessionCheck, token: string, ip: string): Promise<Identity | AuthFailure> {
  try {
    return await check(token, ip);
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
export async function attachLive(http: FastifyInstance, app: AppContext, checkSession: SessionCheck): Promise<Registry> {
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
        authenticate: (token) => authenticate(checkSession, token, req.ip),
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
