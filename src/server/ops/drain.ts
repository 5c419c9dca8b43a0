import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Ops } from './ops.js';

export const GOODBYE = 'Server is restarting: reconnect';
const REFUSAL = JSON.stringify({ resultCode: 'S503', resultMessage: 'Server is restarting, please retry', data: null });

/** The calls a server is answering right now, counted at the socket level (see gateCalls). */
export interface CallGate {
  /** answers not yet finished */
  open: Set<ServerResponse>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts one gate in front of the HTTP server's request handler: it counts the calls in flight and,
 * once a drain has begun, answers every new call 503 `S503` with `Connection: close` (a balancer
 * retries it on another instance; nothing was done) while the probes still reach their routes; a
 * call answered during the drain closes its connection, so a keep-alive client never sends the
 * next one here. New WebSocket upgrades get the same 503.
 */
export function gateCalls(server: Server, ops: Ops): CallGate {
  const inner = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const open = new Set<ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
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
    // an answer whose headers went out before the drain began: its connection closes after it
    res.once('finish', () => {
      if (ops.draining) res.socket?.end();
    });
    for (const l of inner) l.call(server, req, res);
  });
  const upgrades = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!ops.draining) for (const l of upgrades) l.call(server, req, socket, head);
    else socket.end(`HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(REFUSAL)}\r\n\r\n${REFUSAL}`);
  });
  return { open };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The drain before shutdown (SIGTERM, SIGINT): ready answers 503 at once; live sockets get a STOMP
 * ERROR and close, and their clients reconnect (behind a balancer, to another instance); idle
 * keep-alive connections close at once and each call in flight answers with `Connection: close`;
 * for `graceMs` the listener stays open and answers new calls 503 (a balancer that has not yet read
 * the readiness probe gets a clean refusal, not "connection refused"); then `close` stops the
 * listener, waits for the last call in flight, lets the accrual step finish its current batch (one
 * transaction: it commits or leaves its rows pending for the next applier) and closes the database.
 * Past `deadlineMs` the connections still open are cut: answers false.
 */
export async function drain(s: { http: FastifyInstance; ops: Ops; gate: CallGate; close(): Promise<void> }, deadlineMs: number, graceMs: number): Promise<boolean> {
  s.ops.draining = true;
  s.ops.live?.goAway(GOODBYE);
  const server = s.http.server;
  for (const res of s.gate.open) if (!res.headersSent) res.setHeader('connection', 'close');
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), deadlineMs)));
  const closed = sleep(Math.min(graceMs, deadlineMs)).then(async () => {
    await s.close();
    return true;
  });
  const clean = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!clean) server.closeAllConnections();
  return clean;
}
