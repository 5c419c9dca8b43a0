import type { FastifyInstance } from 'fastify';
import { systemClock } from './clock.js';
import { readConfig, refuseMissingSecrets, refuseTestSettings, refuseWeakSecrets, type Config } from './config.js';
import { configuredSecret } from './domain/auth/secrets.js';
import { ensureSecretsFile, type SecretsFileReport } from './domain/auth/secretsFile.js';
import { openDb } from './db/driver.js';
import { migrate, underStartLock } from './db/migrate.js';
import { seedDemo } from './seed/demo.js';
import { issueSetupToken } from './domain/platform/setup.js';
import { startPushScheduler } from './domain/site/scheduledPush.js';
import { buildHttp, newOps } from './http/app.js';
import { attachLive, type SessionCheck } from './live/attach.js';
import { makePublisher } from './live/makePublisher.js';
import { redisScope } from './live/redisScope.js';
import { startAccrual } from './domain/money/accrualTimer.js';
import { startHistoryUpkeep } from './domain/money/historyUpkeep.js';
import { startLedgerChecks } from './domain/money/ledgerCheckTimer.js';
import { configurePinKey } from './domain/auth/pins.js';
import { resealTotpSecrets } from './domain/auth/totpSecret.js';
import { SessionCache } from './domain/auth/sessionCache.js';
import { InfoCache, droppingOnPublish } from './domain/auth/infoCache.js';
import { getSessionByToken } from './domain/auth/sessions.js';
import { assertSiteOpen } from './domain/platform/siteState.js';
import { endBlockedSession, isBlockedNow } from './domain/site/ipBlock.js';
import { ApiError } from '../contract/codes.js';
import { SealKeys } from './http/sealKeys.js';
import type { HttpApp } from './http/httpContext.js';
import { SiteCache } from './domain/site/siteCache.js';
import { postgresService, redisService, waitForService } from './ops/startup.js';
import { startExit, StartupError } from './startupError.js';
import { holdDataDir } from './ops/dataLock.js';
import { listen, signal } from './ops/signals.js';
import { signalTo } from './domain/signal.js';
import { drain, gateCalls, type CallGate } from './ops/drain.js';
import { backupCall } from './ops/backup.js';
import { startMetricsListener } from './ops/metrics.js';
import { useAuditHeadsFile } from './domain/site/auditAnchor.js';
import { rekeyAuditChains, startAuditHeadReport } from './domain/site/auditChain.js';
import type { Ops } from './ops/ops.js';
import { resealVendorSecrets } from './domain/games/vendorSecret.js';
import { limitMovements } from './domain/money/movementSlots.js';

export interface RunningServer {
  app: HttpApp;
  http: FastifyInstance;
  url: string;
  seeded: boolean;
  /** the secrets file this start made or completed, and what it moved out of the database */
  secrets: SecretsFileReport;
  /** While the platform has no owner: this start's one-time setup token (the link main prints). */
  setupToken?: string;
  ops: Ops;
  /** the calls in flight, and the 503 a drain answers new ones with */
  gate: CallGate;
  close(): Promise<void>;
  /** SIGTERM's way out: ready 503, sockets told to reconnect, in-flight calls answered, then close; false when the deadline cut it short */
  drain(deadlineMs?: number, graceMs?: number): Promise<boolean>;
}

const fsCodes = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EISDIR']);
const dataDirError = (dir: string, e: NodeJS.ErrnoException) =>
  new StartupError(`PITBOSS_DATA ${dir} cannot be written (${e.code}): point PITBOSS_DATA at a folder this user can write, or make that one writable`, startExit.dataDir);

/** The data folder's lock taken, a folder that cannot be written said in one line. */
function dataDirTaken<T>(dir: string, take: () => T): T {
  try {
    return take();
  } catch (e) {
    throw fsCodes.has((e as NodeJS.ErrnoException).code ?? '') ? dataDirError(dir, e as NodeJS.ErrnoException) : e;
  }
}

/** A live socket's CONNECT: the session behind its token, on an open site, from an address not blocked there (else the session ends). */
function liveSessionCheck(app: HttpApp): SessionCheck {
  return async (token, ip) => {
    const s = await getSessionByToken(app.db, token, app.clock.now(), app.sessions);
    const site = await app.sites.get(s.siteId);
    if (site) assertSiteOpen(site);
    if (await isBlockedNow(app, s.siteId, ip)) {
      await endBlockedSession(app, s.siteId, s.memId, s.sessionId);
      throw new ApiError('U004');
    }
    return { siteId: s.siteId, memId: s.memId, sessionId: s.sessionId, operator: s.loginType === 'ADMIN' };
  };
}

/** config -> db (migrated, demo seeded when empty) -> http + live; the one way main and tests start a server. */
export async function startServer(overrides: Partial<Config> = {}, opts: { seed?: boolean; listen?: boolean } = {}): Promise<RunningServer> {
  const config = { ...readConfig(), ...overrides };
  refuseTestSettings(config);
  refuseMissingSecrets(config, configuredSecret);
  refuseWeakSecrets(configuredSecret);
  configurePinKey(config.pinKey, config.pinOldKeys);
  await Promise.all([
    config.databaseUrl && waitForService(postgresService(config.databaseUrl), config.startTimeoutMs),
    config.redisUrl && waitForService(redisService(config.redisUrl), config.startTimeoutMs),
  ]);
  // the PGlite folder's lock only where PGlite runs: instances on PostgreSQL share the database, and their start-up waits on its advisory lock
  const lock = config.databaseUrl
    ? { release() {} }
    : dataDirTaken(config.dataDir, () => holdDataDir(config.dataDir, config.metricsPort !== undefined ? `http://${config.metricsHost}:${config.metricsPort}/backup` : undefined));
  if ('held' in lock)
    throw new StartupError(`PITBOSS_DATA ${config.dataDir} is held by another running server (pid ${lock.held.pid}): stop it, or point PITBOSS_DATA at another folder`);
  const handle = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, snapshot: config.memorySnapshot, pgliteThread: config.pgliteThread }).catch(
    (e: NodeJS.ErrnoException) => {
      lock.release();
      throw fsCodes.has(e.code ?? '') ? dataDirError(config.dataDir, e) : e;
    },
  );
  limitMovements(handle.db, config.moneySlots);
  await migrate(handle).catch(async (e: Error) => {
    await handle.close().catch(() => {});
    lock.release();
    throw new StartupError(`${e.message.split('\n')[0]}; the database stays at the migration before it: fix that migration (or the database) and start again`);
  });
  // the keys outside the database before anything signs or opens with them: made once by `npm start`, moved out of older databases
  const secrets = await underStartLock(handle, () => ensureSecretsFile(handle.db, config)).catch(async (e: Error) => {
    await handle.close().catch(() => {});
    lock.release();
    throw new StartupError(e.message);
  });
  // the audit chains from before the key: re-signed under it once, by one instance of several starting at once
  // (a broken one stays broken for the verify to name), never once the database ran under the key or a head was anchored
  useAuditHeadsFile(config.auditHeadsFile);
  const unkeyed = await underStartLock(handle, () => rekeyAuditChains(handle.db));
  // sealed values from before key ids, vendor secrets stored plain before sealing, values under a key being rotated
  // out: sealed under today's key, each seal all or none; a value no listed key opens stops the start, changing nothing
  await underStartLock(handle, async () => {
    await resealTotpSecrets(handle.db);
    await resealVendorSecrets(handle.db);
  }).catch(async (e: Error) => {
    await handle.close().catch(() => {});
    lock.release();
    throw new StartupError(`${e.message} (see docs/security.md, key rotation)`);
  });
  const scope = await redisScope(handle.db);
  // limit counters under the deployment's scope too, unless LIMIT_NAMESPACE names one
  if (!config.limits.namespace) config.limits = { ...config.limits, namespace: `${scope}limit:` };
  // the domain's ports, implemented by live/ and ops/
  const fanOut = await makePublisher(config, scope);
  const infoCache = new InfoCache(fanOut);
  const live = droppingOnPublish(fanOut, infoCache);
  signalTo(signal);
  const app: HttpApp = {
    config,
    redisScope: scope,
    handle,
    db: handle.db,
    live,
    clock: systemClock(config.clockOffsetMs),
    accrual: startAccrual(handle.db, live, config.accrualMs),
    sessions: new SessionCache(live),
    sealKeys: new SealKeys(),
    sites: new SiteCache(handle.db, live),
    infoCache,
  };
  const history = await startHistoryUpkeep(app);
  // under the start-up lock: instances starting at once on an empty database seed it once
  const seeded = opts.seed === false || !config.demo ? false : await underStartLock(handle, () => seedDemo(app));
  const setupToken = await issueSetupToken(app);
  const ops = newOps(app);
  const http = await buildHttp(app, [], { ops });
  const pushes = startPushScheduler(app);
  if (unkeyed.length) http.log.error({ sites: unkeyed }, 'audit chain with unkeyed rows not re-signed: broken, npm run audit:verify names the row');
  const ledgerChecks = startLedgerChecks(app, config.ledgerCheckMs, (siteId, r) =>
    http.log.error(
      { siteId, balanceMismatches: r.balanceMismatches.length, unbalancedMoves: r.unbalancedMoves.length, chainBreaks: r.chainBreaks.length, negatives: r.negatives.length },
      'ledger check failed',
    ),
  );
  const auditHeads = startAuditHeadReport(
    app.db,
    (fields, msg) => http.log.info(fields, msg),
    (fields, msg) => http.log.error(fields, msg),
    config.auditHeadMinutes,
  );
  ops.live = await attachLive(http, app, liveSessionCheck(app));
  // the gate wraps the handlers Fastify has attached by now (the live channel's upgrade among them)
  await http.ready();
  const gate = gateCalls(http.server, ops);
  // a push the service did not take is an operator's to see: its status, never the endpoint's path
  const unlistenPush = listen('push', (p) => {
    if (p.result !== 'sent') http.log.warn({ pushResult: p.result, status: p.status, host: p.host }, 'push not delivered');
  });
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
    secrets,
    setupToken,
    ops,
    gate,
    close: () =>
      (closing ??= (async () => {
        await pushes.stop();
        ledgerChecks.stop();
        unlistenPush();
        ops.metrics.close();
        history.stop();
        await http.close();
        await new Promise((r) => (metricsListener ? metricsListener.close(r) : r(null)));
        await app.accrual.stop();
        // the heads as the last call left them, anchored before the database closes
        await auditHeads.stop().catch(() => {});
        app.sessions.close();
        app.sites.close();
        app.infoCache.close();
        await live.close();
        await handle.close();
        lock.release();
      })()),
    drain: (deadlineMs = config.drainMs, graceMs = config.drainGraceMs) => drain(running, deadlineMs, graceMs),
  };
  return running;
}
