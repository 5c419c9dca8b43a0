import type { FastifyInstance } from 'fastify';
import type { Ops } from './ops.js';

export const GOODBYE = 'Server is restarting: reconnect';

/**
 * The drain before shutdown (SIGTERM, SIGINT): ready answers 503 at once; live sockets get a STOMP
 * ERROR and close, and their clients reconnect (behind a balancer, to another instance); `close`
 * then stops the listener, lets in-flight calls answer, lets the accrual step finish its current
 * batch (one transaction: it commits or leaves its rows pending for the next applier) and closes
 * the database. Past `deadlineMs` the connections still open are cut: answers false.
 */
export async function drain(s: { http: FastifyInstance; ops: Ops; close(): Promise<void> }, deadlineMs: number): Promise<boolean> {
  s.ops.draining = true;
  s.ops.live?.goAway(GOODBYE);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), deadlineMs)));
  const closed = s.close().then(() => true);
  const clean = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!clean) s.http.server.closeAllConnections();
  return clean;
}
