import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import { walletActions } from '../../contract/game.js';
import type { AppContext } from '../context.js';
import { brokenChains } from '../domain/site/auditAnchor.js';
import { auditHeads } from '../domain/site/auditChain.js';
import type { Registry } from '../live/registry.js';
import { listen } from './signals.js';
import { readiness } from './health.js';
import { movementSlotsOf } from '../domain/money/movementSlots.js';

const VENDOR_ROUTE = '/api/vendor/:vendorCode/:action';
const LOGIN_ROUTE = '/api/member/login';
const OTP_ROUTE = '/api/member/login/otp';
const buckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface Metrics {
  register: client.Registry;
  /** the scrape: Prometheus text format */
  text(): Promise<string>;
  contentType: string;
  /** stops listening to the domain's signals (the server's close) */
  close(): void;
}

/**
 * The server's metrics in Prometheus form (prom-client): call durations by route pattern and
 * result code, wallet callback durations, accrual backlog, live sockets, the query layer's
 * connections, and Node's own (event loop lag, heap, GC) from the default collectors.
 */
/** What the gauges read from the running server (its ops record, which holds these metrics). */
type Running = () => { draining: boolean; live?: Registry };

export function createMetrics(app: AppContext, ops: Running): Metrics {
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, prefix: 'pitboss_', eventLoopMonitoringPrecision: 20 });
  new client.Histogram({
    name: 'pitboss_http_request_duration_seconds',
    help: 'HTTP calls by route pattern, status and envelope result code',
    labelNames: ['method', 'route', 'status', 'code'],
    buckets,
    registers: [register],
  });
  new client.Histogram({
    name: 'pitboss_wallet_callback_duration_seconds',
    help: 'Seamless-wallet callbacks by action and result code',
    labelNames: ['action', 'code'],
    buckets,
    registers: [register],
  });
  const backlog = { sides: 0, daily: 0, lag: 0 };
  // one query per scrape, shared by the three gauges that read it
  let reading: Promise<void> | null = null;
  const readBacklog = () =>
    (reading ??= sql<{ sides: number; daily: number; lag: number | null }>`
      select (select count(*) from ledger_pending)::int as sides, (select count(*) from daily_pending)::int as daily,
             extract(epoch from now() - (select min(created_at) from ledger_pending))::float8 as lag`
      .execute(app.db)
      .then(({ rows: [r] }) => Object.assign(backlog, { sides: Number(r.sides), daily: Number(r.daily), lag: Number(r.lag ?? 0) }))
      .catch(() => {})
      .finally(() => setImmediate(() => (reading = null))) as Promise<void>);
  new client.Gauge({
    name: 'pitboss_accrual_pending_rows',
    help: 'Credits written by movements and not yet applied by the accrual step',
    labelNames: ['table'],
    registers: [register],
    async collect() {
      await readBacklog();
      this.set({ table: 'ledger_pending' }, backlog.sides);
      this.set({ table: 'daily_pending' }, backlog.daily);
    },
  });
  new client.Gauge({
    name: 'pitboss_accrual_lag_seconds',
    help: 'Age of the oldest pending ledger credit (0 when none)',
    registers: [register],
    async collect() {
      await readBacklog();
      this.set(backlog.lag);
    },
  });
  new client.Gauge({
    name: 'pitboss_audit_chain_seq',
    help: "Position of each site's audit chain head (a drop means rows were cut)",
    labelNames: ['site'],
    registers: [register],
    async collect() {
      for (const h of await auditHeads(app.db).catch(() => [])) this.set({ site: h.siteId }, h.seq);
    },
  });
  new client.Gauge({
    name: 'pitboss_audit_chain_broken_sites',
    help: "Audit chains (each site's, the platform's) this instance found broken: by the start's check, against the anchored heads, or by a verify",
    registers: [register],
    collect() {
      this.set(brokenChains().length);
    },
  });
  new client.Gauge({
    name: 'pitboss_live_sockets',
    help: 'Authenticated STOMP sockets on this instance',
    registers: [register],
    collect() {
      this.set(ops().live?.size ?? 0);
    },
  });
  new client.Gauge({
    name: 'pitboss_live_subscriptions',
    help: 'STOMP subscriptions on this instance',
    registers: [register],
    collect() {
      this.set(ops().live?.subscriptions() ?? 0);
    },
  });
  new client.Gauge({
    name: 'pitboss_db_pool_in_use',
    help: 'Database connections in use by the query layer (PGlite: its one connection)',
    registers: [register],
    collect() {
      this.set(app.handle.pool.inUse);
    },
  });
  new client.Gauge({
    name: 'pitboss_db_pool_waiting',
    help: 'Callers waiting for a database connection (PGlite: the queue of its one connection)',
    registers: [register],
    collect() {
      this.set(app.handle.pool.waiting);
    },
  });
  new client.Gauge({
    name: 'pitboss_money_slots_waiting',
    help: 'Money movements waiting in this instance for one of its PITBOSS_MONEY_SLOTS (the database has that many under way)',
    registers: [register],
    collect() {
      this.set(movementSlotsOf(app.db)?.waiting ?? 0);
    },
  });
  new client.Gauge({
    name: 'pitboss_ready',
    help: '1 when /api/health/ready would answer 200 (a flapping series means the instance goes in and out of a balancer)',
    registers: [register],
    async collect() {
      this.set((await readiness(app, ops()).catch(() => ({ ready: false }))).ready ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'pitboss_draining',
    help: '1 while the server drains before shutdown',
    registers: [register],
    collect() {
      this.set(ops().draining ? 1 : 0);
    },
  });
  const unlisten = countSignals(register);
  databaseGauges(register, app);
  return { register, text: () => register.metrics(), contentType: register.contentType, close: unlisten };
}

/** Money movements, login challenges and pushes, as the domain signals them (ops/signals.ts). */
function countSignals(register: client.Registry): () => void {
  const money = new client.Counter({
    name: 'pitboss_money_movements_total',
    help: 'Money movements by kind (the movement function) and result code (0 done, replayed, or the refusal)',
    labelNames: ['kind', 'code'],
    registers: [register],
  });
  const moved = new client.Counter({
    name: 'pitboss_money_moved_total',
    help: 'Amounts moved by done money movements, by kind (the movement function) and unit (cash, point); every transfer counted once',
    labelNames: ['kind', 'unit'],
    registers: [register],
  });
  const challenges = new client.Counter({
    name: 'pitboss_login_challenges_total',
    help: 'Proof-of-work login challenges issued, solved, and refused proofs',
    labelNames: ['event'],
    registers: [register],
  });
  const pushes = new client.Counter({
    name: 'pitboss_pushes_total',
    help: 'Web Push sends by result (sent, gone: 404/410 and removed, refused: another status, unreachable)',
    labelNames: ['result'],
    registers: [register],
  });
  const off = [
    listen('money', (m) => {
      money.inc({ kind: m.kind, code: m.code });
      if (m.cash) moved.inc({ kind: m.kind, unit: 'cash' }, m.cash);
      if (m.point) moved.inc({ kind: m.kind, unit: 'point' }, m.point);
    }),
    listen('challenge', (c) => challenges.inc({ event: c.event })),
    listen('push', (p) => pushes.inc({ result: p.result })),
  ];
  return () => off.forEach((f) => f());
}

/** Read at each scrape from the database (so every instance reports the same): open cash requests, the last ledger checks, the ledger's size. */
function databaseGauges(register: client.Registry, app: AppContext) {
  const open = new client.Gauge({
    name: 'pitboss_cash_requests_open',
    help: 'Deposit and withdrawal requests applied or waiting (not yet decided), all sites',
    labelNames: ['type'],
    registers: [register],
    async collect() {
      const { rows } = await sql<{ cash_type: number; n: number; age: number | null }>`
        select cash_type, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
        from cash_request where status in (0, 2) group by cash_type`
        .execute(app.db)
        .catch(() => ({ rows: [] }));
      for (const type of [1, -1]) {
        const r = rows.find((x) => Number(x.cash_type) === type);
        const label = { type: type === 1 ? 'deposit' : 'withdrawal' };
        open.set(label, Number(r?.n ?? 0));
        oldest.set(label, Number(r?.age ?? 0));
      }
    },
  });
  const oldest = new client.Gauge({
    name: 'pitboss_cash_request_oldest_open_seconds',
    help: 'Age of the oldest undecided deposit or withdrawal request (0 when none); set with pitboss_cash_requests_open',
    labelNames: ['type'],
    registers: [register],
  });
  const failing = new client.Gauge({
    name: 'pitboss_ledger_check_failing_sites',
    help: 'Sites whose last ledger check (operator home, kept in ledger_check) found the ledger and balances apart',
    registers: [register],
    async collect() {
      const { rows } = await sql<{ failing: number; age: number | null }>`
        select (count(*) filter (where not ok))::int as failing, extract(epoch from now() - min(checked_at))::float8 as age from ledger_check`
        .execute(app.db)
        .catch(() => ({ rows: [] as { failing: number; age: number | null }[] }));
      failing.set(Number(rows[0]?.failing ?? 0));
      checkAge.set(Number(rows[0]?.age ?? 0));
    },
  });
  const checkAge = new client.Gauge({
    name: 'pitboss_ledger_check_oldest_seconds',
    help: "Age of the oldest site's last ledger check (0 when none ran); set with pitboss_ledger_check_failing_sites",
    registers: [register],
  });
  new client.Gauge({
    name: 'pitboss_ledger_entries',
    help: 'Ledger entries written so far (the ledger id sequence: all instances, all sites)',
    registers: [register],
    async collect() {
      const { rows } = await sql<{ n: number | null }>`select pg_sequence_last_value('ledger_entry_id_seq')::float8 as n`.execute(app.db).catch(() => ({ rows: [{ n: null }] }));
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
}

/** Times every call: by route pattern (never the raw URL), status and the envelope's result code. */
export function httpObserver(metrics: Metrics) {
  const http = metrics.register.getSingleMetric('pitboss_http_request_duration_seconds') as client.Histogram;
  const wallet = metrics.register.getSingleMetric('pitboss_wallet_callback_duration_seconds') as client.Histogram;
  // one series per route, status and code (as many as Prometheus keeps anyway), its labels checked
  // and hashed once instead of on every call
  const series = new Map<string, client.Histogram.Internal<string>>();
  const logins = new client.Counter({
    name: 'pitboss_logins_total',
    help: 'Login calls by page (member, partner, admin; otp: the second step) and result code',
    labelNames: ['page', 'code'],
    registers: [metrics.register],
  });
  return (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const code = reply.resultCode ?? '';
    const secs = reply.elapsedTime / 1000;
    const key = `${req.method} ${route} ${reply.statusCode} ${code}`;
    let one = series.get(key);
    if (!one) series.set(key, (one = http.labels({ method: req.method, route, status: String(reply.statusCode), code })));
    one.observe(secs);
    if (route === LOGIN_ROUTE || route === OTP_ROUTE) {
      const page = route === OTP_ROUTE ? 'otp' : (req.body as { loginPage?: unknown } | undefined)?.loginPage;
      logins.inc({ page: page === 'partner' || page === 'admin' || page === 'otp' ? page : 'member', code: code || String(reply.statusCode) });
    }
    if (route === VENDOR_ROUTE) {
      const action = (req.params as { action?: string }).action ?? '';
      wallet.observe({ action: (walletActions as readonly string[]).includes(action) ? action : 'other', code }, secs);
    }
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();
/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Where /metrics is served: with METRICS_TOKEN on the main port behind that bearer token; with
 * METRICS_PORT on its own listener (METRICS_HOST, loopback by default; the token is asked there
 * too when set). With neither, nowhere: metrics are never public by default.
 */
export function registerMetricsRoute(fastify: FastifyInstance, app: AppContext, metrics: Metrics) {
  const token = app.config.metricsToken;
  fastify.get('/metrics', async (req, reply) => {
    if (!token || app.config.metricsPort !== undefined) return reply.status(404).send({ resultCode: 'R404', resultMessage: 'Unknown call', data: null });
    if (!bearerMatches(req.headers.authorization, token))
      return reply.status(401).header('www-authenticate', 'Bearer').send({ resultCode: 'S401', resultMessage: 'Metrics token required', data: null });
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}

export type OpsHandler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>;

/** The separate metrics listener (METRICS_PORT); `extra` may answer more ops calls (the backup). */
export async function startMetricsListener(app: AppContext, metrics: Metrics, extra?: OpsHandler): Promise<Server | null> {
  const { metricsPort, metricsHost, metricsToken } = app.config;
  if (metricsPort === undefined) return null;
  const server = createServer((req, res) => {
    void (async () => {
      if (metricsToken && !bearerMatches(req.headers.authorization, metricsToken)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      if (req.method === 'GET' && req.url === '/metrics') {
        const body = await metrics.text();
        res.writeHead(200, { 'content-type': metrics.contentType }).end(body);
        return;
      }
      if (extra && (await extra(req, res))) return;
      res.writeHead(404).end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(metricsPort, metricsHost, () => resolve()));
  return server;
}
