import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { migrationFiles } from '../db/migrate.js';

const DB_TIMEOUT_MS = 5_000;

export interface Readiness {
  ready: boolean;
  draining: boolean;
  db: 'ok' | 'down';
  /** migrations this build carries that the database has not recorded */
  pendingMigrations: string[];
  /** only when REDIS_URL is set */
  redis?: 'connected' | 'down';
}

async function dbAnswers(app: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), DB_TIMEOUT_MS)));
  const asked = sql`select 1`.execute(app.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function pendingMigrations(app: AppContext): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from schema_migration`.execute(app.db);
  const done = new Set(rows.map((r) => r.name));
  return (await migrationFiles()).filter((f) => !done.has(f));
}

/** What readiness reads of the running server (ops.ts's Ops, named apart so metrics can ask it too). */
export interface Draining {
  draining: boolean;
}

export async function readiness(app: AppContext, ops: Draining): Promise<Readiness> {
  const db = await dbAnswers(app);
  const pending = db ? await pendingMigrations(app).catch(() => ['?']) : [];
  const r: Readiness = { ready: false, draining: ops.draining, db: db ? 'ok' : 'down', pendingMigrations: pending };
  if (app.config.redisUrl) r.redis = app.live.connected() ? 'connected' : 'down';
  r.ready = !ops.draining && db && pending.length === 0 && r.redis !== 'down';
  return r;
}

/**
 * Probes the way orchestrators read them: live = the process answers; ready = it can serve (the
 * database answers, its migrations are current, Redis is connected when configured, no drain).
 * `/api/health` stays as the plain answer the test runner and older probes wait on.
 */
export function registerHealth(fastify: FastifyInstance, app: AppContext, ops: Draining) {
  fastify.get('/api/health', async () => ({ resultCode: '0', resultMessage: 'OK', data: { db: app.handle.kind } }));
  fastify.get('/api/health/live', async (_req, reply) => {
    reply.resultCode = '0';
    return { resultCode: '0', resultMessage: 'OK', data: { uptimeSec: Math.round(process.uptime()) } };
  });
  fastify.get('/api/health/ready', async (_req, reply) => {
    const r = await readiness(app, ops);
    reply.resultCode = r.ready ? '0' : 'S503';
    return reply.status(r.ready ? 200 : 503).send({ resultCode: reply.resultCode, resultMessage: r.ready ? 'OK' : 'Not ready', data: r });
  });
}
