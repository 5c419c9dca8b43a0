import type { FastifyInstance } from 'fastify';
import { systemClock } from './clock.js';
import { readConfig, refuseTestSettings, type Config } from './config.js';
import type { AppContext } from './context.js';
import { openDb } from './db/driver.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './db/seed/demo.js';
import { issueSetupToken } from './domain/platform/setup.js';
import { startPushScheduler } from './domain/site/scheduledPush.js';
import { buildHttp, newOps } from './http/app.js';
import { attachLive } from './live/attach.js';
import { makePublisher } from './live/makePublisher.js';
import { startAccrual } from './domain/money/accrualTimer.js';
import { startHistoryUpkeep } from './domain/money/historyUpkeep.js';
import { configurePinKey } from './domain/auth/pins.js';
import { SessionCache } from './domain/auth/sessionCache.js';
import { SealKeys } from './http/sealKeys.js';
import { SiteCache } from './domain/site/siteCache.js';
import { drain } from './ops/drain.js';
import { backupCall } from './ops/backup.js';
import { startMetricsListener } from './ops/metrics.js';
import { rekeyAuditChains, startAuditHeadReport } from './domain/site/auditChain.js';
import type { Ops } from './ops/ops.js';

export interface RunningServer {
  app: AppContext;
  http: FastifyInstance;
  url: string;
  seeded: boolean;
  /** While the platform has no owner: this start's one-time setup token (the link main prints). */
  setupToken?: string;
  ops: Ops;
  close(): Promise<void>;
  /** SIGTERM's way out: ready 503, sockets told to reconnect, in-flight calls answered, then close; false when the deadline cut it short */
  drain(deadlineMs?: number): Promise<boolean>;
}

/** config -> db (migrated, demo seeded when empty) -> http + live; the one way main and tests start a server. */
export async function startServer(overrides: Partial<Config> = {}, opts: { seed?: boolean; listen?: boolean } = {}): Promise<RunningServer> {
  const config = { ...readConfig(), ...overrides };
  refuseTestSettings(config);
  configurePinKey(config.pinKey);
  const handle = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, snapshot: config.memorySnapshot, pgliteThread: config.pgliteThread });
  await migrate(handle);
  // the audit chains from before the key: re-signed under it once (a broken one stays broken for the verify to name)
  const unkeyed = await rekeyAuditChains(handle.db);
  const live = await makePublisher(config);
  const app: AppContext = {
    config,
    handle,
    db: handle.db,
    live,
    clock: systemClock(config.clockOffsetMs),
    accrual: startAccrual(handle.db, live, config.accrualMs),
    sessions: new SessionCache(live),
    sealKeys: new SealKeys(),
    sites: new SiteCache(handle.db, live),
  };
  const history = await startHistoryUpkeep(app);
  const seeded = opts.seed === false || !config.demo ? false : await seedDemo(app);
  const setupToken = await issueSetupToken(app);
  const ops = newOps(app);
  const http = await buildHttp(app, [], { ops });
  const pushes = startPushScheduler(app);
  if (unkeyed.length) http.log.error({ sites: unkeyed }, 'audit chain broken before the key: left unkeyed, npm run audit:verify names the row');
  const auditHeads = startAuditHeadReport(app.db, (fields, msg) => http.log.info(fields, msg), config.auditHeadMinutes);
  ops.live = await attachLive(http, app);
  const metricsListener = await startMetricsListener(app, ops.metrics, backupCall(handle));
  let url = '';
  if (opts.listen !== false) {
    await http.listen({ port: config.port, host: config.host });
    const address = http.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  }
  let closing: Promise<void> | null = null;
  const running: RunningServer = {
    app,
    http,
    url,
    seeded,
    setupToken,
    ops,
    close: () =>
      (closing ??= (async () => {
        await pushes.stop();
        auditHeads.stop();
        history.stop();
        await http.close();
        await new Promise((r) => (metricsListener ? metricsListener.close(r) : r(null)));
        await app.accrual.stop();
        app.sessions.close();
        app.sites.close();
        await live.close();
        await handle.close();
      })()),
    drain: (deadlineMs = config.drainMs) => drain(running, deadlineMs),
  };
  return running;
}
