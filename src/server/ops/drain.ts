import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Ops } from './ops.js';

export const GOODBYE = 'Server is restarting: reconnect';
const REFUSAL = JSON.stringify({ resultCode: 'S503', resultMessage: 'Server is restarting, please retry', data: null });

/** The calls a server is answering right now, and its connections, counted at the socket level (see gateCalls). */
export interface CallGate {
  /** answers not yet finished */
  open: Set<ServerResponse>;
  /** every HTTP connection not upgraded to a live socket: how many calls it is answering, and since when it is idle */
  connections: Map<Socket, { busy: number; idleSince: number }>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts one gate in front of the HTTP server's request handler: it counts the calls in flight per
 * connection and, once a drain has begun, answers every new call 503 `S503` with `Connection:
 * close` and `Retry-After` (a balancer retries it on another instance; nothing was done) while the
 * probes still reach their routes; a call answered during the drain closes its connection right
 * after its answer, so a keep-alive client never sends the next one on it. New WebSocket upgrades
 * get the same 503.
 */
export function gateCalls(server: Server, ops: Ops): CallGate {
  const inner = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const open = new Set<ServerResponse>();
  const connections: CallGate['connections'] = new Map();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const conn = connections.get(req.socket as Socket);
    if (conn) {
      conn.busy++;
      res.once('close', () => {
        conn.busy--;
        conn.idleSince = Date.now();
      });
    }
    if (ops.draining) {
      if (!req.url?.startsWith('/api/health')) {
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '1', 'content-length': Buffer.byteLength(REFUSAL) });
        res.end(REFUSAL);
        return;
      }
      res.setHeader('connection', 'close');
    }
    open.add(res);
    res.once('close', () => open.delete(res));
    for (const l of inner) l.call(server, req, res);
  });
  const upgrades = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // a live socket is the live channel's to close (goAway), never an idle HTTP connection
    connections.delete(socket as Socket);
    if (!ops.draining) for (const l of upgrades) l.call(server, req, socket, head);
    else
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(REFUSAL)}\r\n\r\n${REFUSAL}`,
      );
  });
  return { open, connections };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long a connection must have been idle before a drain closes it. Closing a keep-alive
 * connection races with a call its client may be sending on it right then (the client sees a
 * reset); a connection in use is never closed but answers its next call with `Connection: close`,
 * and a new one gets this long for its first call to arrive.
 */
const QUIET_MS = 1_000;

/** Closes the connections idle for QUIET_MS; resolves once none is left. */
async function closeIdle(gate: CallGate) {
  for (;;) {
    const now = Date.now();
    for (const [socket, c] of gate.connections) if (c.busy === 0 && now - c.idleSince >= QUIET_MS) socket.destroy();
    if (!gate.connections.size) return;
    await sleep(50);
  }
}

/**
 * The drain before shutdown (SIGTERM, SIGINT): ready answers 503 at once; live sockets get a STOMP
 * ERROR and close, and their clients reconnect (behind a balancer, to another instance); each call
 * in flight answers with `Connection: close`, and so does the next call on every keep-alive
 * connection (503 `S503`, `Retry-After`), after which its connection closes: no client sees a reset.
 * A connection left idle for QUIET_MS is closed between calls. For `graceMs` the listener stays open
 * and answers new calls 503 (a balancer that has not yet read the readiness probe gets a clean
 * refusal, not "connection refused"); then it stops accepting, the last connections finish their
 * calls and close, and `close` lets the accrual step finish its current batch (one transaction: it
 * commits or leaves its rows pending for the next applier) and closes the database. Past
 * `deadlineMs` the connections still open are cut: answers false.
 */
export async function drain(s: { http: FastifyInstance; ops: Ops; gate: CallGate; close(): Promise<void> }, deadlineMs: number, graceMs: number): Promise<boolean> {
  s.ops.draining = true;
  s.ops.live?.goAway(GOODBYE);
  const server = s.http.server;
  for (const res of s.gate.open) if (!res.headersSent) res.setHeader('connection', 'close');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), deadlineMs)));
  const idle = closeIdle(s.gate);
  const closed = sleep(Math.min(graceMs, deadlineMs)).then(async () => {
    // stop accepting, keeping the open connections (http.Server#close would also cut the idle ones, mid-race)
    netClose.call(server);
    await idle;
    await s.close();
    return true;
  });
  const clean = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!clean) server.closeAllConnections();
  return clean;
}

const netClose = NetServer.prototype.close;
