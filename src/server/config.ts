import { createECDH } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { StartupError } from './startupError.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** With dataDir 'memory://': a gzipped snapshot of a data folder (as `npm run backup` writes one) the database starts from. */
  memorySnapshot?: string;
  /** Where embedded PGlite runs: its own worker thread, or 'main' (the HTTP event loop, as before). */
  pgliteThread: 'worker' | 'main';
  redisUrl?: string;
  /**
   * A production start (NODE_ENV=production): no demo site, and it refuses every test setting below.
   * No security rule reads it: `npm start` is exactly as strict.
   */
  production: boolean;
  /** Seed the demo site (known passwords) into an empty database: never in production, nor with PITBOSS_DEMO=0. */
  demo: boolean;
  /** PITBOSS_TEST_CAPTCHA: a fixed captcha answer for automated tests. */
  testCaptcha?: string;
  /** PITBOSS_TEST_CLOCK_OFFSET_MS: shift of the server clock in ms for tests (e.g. the bank maintenance window). */
  clockOffsetMs: number;
  /** PITBOSS_TEST_CHECK_ANSWERS=1: every answer also zod-parsed, and a fault's answer names the field. */
  checkAnswers: boolean;
  /** PITBOSS_TEST_PUSH_ORIGIN: one more push endpoint origin (a local test push service, http allowed). */
  testPushOrigin?: string;
  staticDir?: string;
  /** how often the accrual step applies pending credits; 0 only on demand (tests) */
  accrualMs: number;
  /** money movements one instance runs in the database at once, the rest waiting in order; 0 = as many as the pool holds */
  moneySlots: number;
  /** Which proxies may set X-Forwarded-For, as Fastify's trustProxy takes it; false trusts nobody. */
  trustProxy: boolean | number | string | string[];
  /** Served behind TLS: adds Strict-Transport-Security. */
  tls: boolean;
  /** pino level; 'silent' turns request logs off. */
  logLevel: string;
  limits: Limits;
  /** Minutes a member stays locked after too many wrong login passwords (U003). */
  lockMinutes: number;
  /** Key the withdrawal PINs are hashed under, kept outside the database; unset = a secret the database keeps. */
  pinKey?: string;
  /** Earlier PIN keys: PINs hashed under one still check, and move to `pinKey` on their next right entry. */
  pinOldKeys: string[];
  /** Wrong withdrawal passwords in a row before withdrawals lock for the member. */
  outPassMaxTries: number;
  /** Minutes withdrawals stay locked after too many wrong withdrawal passwords (C011). */
  outPassLockMinutes: number;
  /** Hours a session lives at most, however often it is refreshed. */
  sessionMaxHours: number;
  /** Live sockets one session may hold at once (across instances with Redis); the next CONNECT gets an ERROR frame. */
  socketsPerSession: number;
  /** Bearer token /metrics asks for; unset (and no metricsPort) = no metrics served. */
  metricsToken?: string;
  /** Serves /metrics (and the backup call) on their own listener at this port instead of the main one. */
  metricsPort?: number;
  metricsHost: string;
  /** Longest a SIGTERM drain may take before the remaining connections are cut. */
  drainMs: number;
  /** How long a drain keeps the listener open answering new calls 503 (S503) before it closes it. */
  drainGraceMs: number;
  /** How long start-up keeps asking an unreachable PostgreSQL or Redis before it gives up (exit 1). */
  startTimeoutMs: number;
  /** Subscriptions one live socket may hold; the next SUBSCRIBE gets an ERROR frame and the socket closes. */
  subsPerSocket: number;
  /** Minutes between the log lines that write out every site's audit chain head. */
  auditHeadMinutes: number;
  /**
   * PITBOSS_AUDIT_HEADS_FILE: the append-only file the chain heads are anchored in, outside the
   * database (default: pitboss-audit-heads.jsonl beside the secrets file). null: none (a test's
   * throw-away database; no environment value turns it off).
   */
  auditHeadsFile: string | null;
  /** PITBOSS_LEDGER_CHECK_MINUTES: a site's ledger is checked when its last check is older than this; 0 = only from the operator's home. */
  ledgerCheckMs: number;
  /** Inbound frames one live socket may send per second (twice that in a burst); past it an ERROR frame and the socket closes. */
  framesPerSocketPerSec: number;
  /** Live sockets from one address still waiting for CONNECT; more are closed at once. */
  pendingSocketsPerIp: number;
  /** A live socket that has not completed CONNECT by then gets an ERROR frame and is closed. */
  connectTimeoutMs: number;
}

const positive = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= 1 ? n : fallback;
};

/** Minutes, 0 for off; anything else unreadable is the fallback. */
const minutesOrOff = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** Throttles: at most `max` in `windowMs` per key (address, account id, prefix). */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface Limits {
  /** login tries from one address, failed or not, before a challenge is asked (parallel bursts, scrypt load) */
  loginPerIp: Limit;
  /** login tries at one account id, from anywhere, before a challenge is asked (a device cookie spares none of it) */
  loginPerAccount: Limit;
  /** failed logins from one address before a challenge is asked */
  loginFailPerIp: Limit;
  /** failed operator logins from one address (tighter than members') */
  adminLoginFailPerIp: Limit;
  signupPerIp: Limit;
  /** id availability checks from one address (the check tells which ids exist) */
  checkIdPerIp: Limit;
  captchaPerIp: Limit;
  /** wrong withdrawal passwords of one member */
  cashOutPassFailPerMember: Limit;
  /** public site lookups (/api/common/site) from one address */
  siteLookupPerIp: Limit;
  /** sealed-body handshakes from one address: each keeps a key in memory, so a flood must not push out the keys in use */
  sealKeyPerIp: Limit;
  /** Redis key prefix of the limit counters; empty: the deployment's own scope (live/redisScope.ts) */
  namespace: string;
}

const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);

function limit(env: NodeJS.ProcessEnv, name: string, max: number, windowSec: number): Limit {
  return { max: num(env[`LIMIT_${name}`], max), windowMs: num(env[`LIMIT_${name}_WINDOW`], windowSec) * 1000 };
}

export function readLimits(env: NodeJS.ProcessEnv = process.env): Limits {
  return {
    loginPerIp: limit(env, 'LOGIN_IP', 60, 60),
    loginPerAccount: limit(env, 'LOGIN_ACCOUNT', 10, 60),
    loginFailPerIp: limit(env, 'LOGIN_FAIL_IP', 20, 900),
    adminLoginFailPerIp: limit(env, 'ADMIN_LOGIN_FAIL_IP', 5, 900),
    signupPerIp: limit(env, 'SIGNUP_IP', 5, 3600),
    checkIdPerIp: limit(env, 'CHECK_ID_IP', 20, 600),
    captchaPerIp: limit(env, 'CAPTCHA_IP', 60, 60),
    cashOutPassFailPerMember: limit(env, 'CASHOUT_PASS_FAIL_MEMBER', 5, 900),
    siteLookupPerIp: limit(env, 'SITE_LOOKUP_IP', 300, 60),
    sealKeyPerIp: limit(env, 'SEAL_KEY_IP', 300, 60),
    namespace: env.LIMIT_NAMESPACE || '',
  };
}

/** TRUST_PROXY: unset or false = nobody; true; a hop count; or comma-separated addresses / CIDRs. */
export function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  const t = v?.trim();
  if (!t || t === 'false' || t === '0') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  const list = t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length === 1 ? list[0] : list;
}

/** The test settings a Config carries, by the variable that sets them. */
const testSettings: Record<string, (c: Config) => boolean> = {
  PITBOSS_TEST_CAPTCHA: (c) => !!c.testCaptcha,
  PITBOSS_TEST_CLOCK_OFFSET_MS: (c) => !!c.clockOffsetMs,
  PITBOSS_TEST_CHECK_ANSWERS: (c) => c.checkAnswers,
  PITBOSS_TEST_PUSH_ORIGIN: (c) => !!c.testPushOrigin,
};

/**
 * A production start runs with no test setting: each weakens a rule (a known captcha, a moved clock,
 * detailed faults, a local push endpoint). Any PITBOSS_TEST_* variable set, or a test field of the
 * config, refuses the start, naming it.
 */
export function refuseTestSettings(config: Config, env: NodeJS.ProcessEnv = process.env) {
  if (!config.production) return;
  const set = Object.keys(env).find((k) => k.startsWith('PITBOSS_TEST_') && env[k]) ?? Object.keys(testSettings).find((k) => testSettings[k](config));
  if (set) throw new StartupError(`${set} is a test setting: a production start (NODE_ENV=production) refuses to run with it; unset it.`);
}

/** A secret's environment variable: `device-cookie` -> PITBOSS_SECRET_DEVICE_COOKIE */
export const envName = (name: string) => `PITBOSS_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * The named secrets a production start needs outside the database (environment or secrets file),
 * with the variable that may stand in for one: a backup alone must not forge a device cookie, a
 * login challenge, a push or a vendor callback, nor open the two-factor or vendor secrets.
 */
export const productionSecrets: { name: string; or?: string }[] = [
  { name: 'device-cookie' },
  { name: 'pow-signature' },
  { name: 'pow-key' },
  { name: 'totp-seal' },
  { name: 'vapid-public' },
  { name: 'vapid-private' },
  { name: 'pin-key', or: 'PITBOSS_PIN_KEY' },
  { name: 'audit-chain', or: 'PITBOSS_AUDIT_KEY' },
  { name: 'vendor-seal' },
];

/**
 * A production start refuses to run while any production secret is not given (environment or
 * secrets file): one line naming every missing one, exit 1. `npm start` (no NODE_ENV) writes the
 * missing ones into its own secrets file instead (`domain/auth/secretsFile.ts`); neither keeps a key in the database.
 */
export function refuseMissingSecrets(config: Config, configured: (name: string) => string | undefined, env: NodeJS.ProcessEnv = process.env) {
  if (!config.production) return;
  const missing = productionSecrets.filter((s) => !(s.or && env[s.or]) && !configured(s.name)).map((s) => envName(s.name));
  if (missing.length)
    throw new StartupError(
      `a production start (NODE_ENV=production) needs its secrets outside the database; missing: ${missing.join(', ')} (set each in the environment or in the JSON of PITBOSS_SECRETS_FILE; see docs/security.md)`,
    );
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.PITBOSS_DATA ?? './data',
    pgliteThread: env.PITBOSS_PGLITE_THREAD === 'main' ? 'main' : 'worker',
    redisUrl: env.REDIS_URL || undefined,
    production,
    demo: !production && env.PITBOSS_DEMO !== '0',
    testCaptcha: env.PITBOSS_TEST_CAPTCHA || undefined,
    clockOffsetMs: Number(env.PITBOSS_TEST_CLOCK_OFFSET_MS ?? 0),
    checkAnswers: env.PITBOSS_TEST_CHECK_ANSWERS === '1',
    testPushOrigin: env.PITBOSS_TEST_PUSH_ORIGIN ? new URL(env.PITBOSS_TEST_PUSH_ORIGIN).origin : undefined,
    staticDir: env.PITBOSS_STATIC ?? 'dist',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tls: env.PITBOSS_TLS === '1' || env.PITBOSS_TLS === 'true',
    logLevel: env.LOG_LEVEL || (env.VITEST || env.NODE_ENV === 'test' ? 'silent' : 'info'),
    limits: readLimits(env),
    lockMinutes: positive(env.PITBOSS_LOCK_MINUTES, 30),
    pinKey: env.PITBOSS_PIN_KEY || undefined,
    pinOldKeys: (env.PITBOSS_PIN_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    outPassMaxTries: positive(env.PITBOSS_OUTPASS_MAX_TRIES, 5),
    outPassLockMinutes: positive(env.PITBOSS_OUTPASS_LOCK_MINUTES, 30),
    sessionMaxHours: positive(env.PITBOSS_SESSION_MAX_HOURS, 24),
    socketsPerSession: positive(env.PITBOSS_SOCKETS_PER_SESSION, 5),
    subsPerSocket: positive(env.PITBOSS_SUBS_PER_SOCKET, 16),
    auditHeadMinutes: positive(env.PITBOSS_AUDIT_HEAD_MINUTES, 5),
    auditHeadsFile: resolve(env.PITBOSS_AUDIT_HEADS_FILE || join(env.PITBOSS_SECRETS_FILE ? dirname(resolve(env.PITBOSS_SECRETS_FILE)) : '.', 'pitboss-audit-heads.jsonl')),
    ledgerCheckMs: minutesOrOff(env.PITBOSS_LEDGER_CHECK_MINUTES, 360) * 60_000,
    framesPerSocketPerSec: positive(env.PITBOSS_LIVE_FRAMES_PER_SECOND, 20),
    pendingSocketsPerIp: positive(env.PITBOSS_PENDING_SOCKETS_PER_IP, 50),
    connectTimeoutMs: positive(env.PITBOSS_CONNECT_TIMEOUT_MS, 10_000),
    accrualMs: Number(env.PITBOSS_ACCRUAL_MS ?? 250),
    moneySlots: Math.max(0, num(env.PITBOSS_MONEY_SLOTS, 4)),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    drainMs: positive(env.PITBOSS_DRAIN_MS, 15_000),
    drainGraceMs: Math.max(0, num(env.PITBOSS_DRAIN_GRACE_MS, 1_000)),
    startTimeoutMs: Math.max(0, num(env.PITBOSS_START_TIMEOUT, 60)) * 1000,
  };
}

/** A key must hold at least this many random bytes, as its text decodes: guessing it is then out of reach. */
export const MIN_KEY_BYTES = 32;

/** A key's bytes as it is written: hex, base64 or base64url, else its text. */
export function keyBytes(value: string): Buffer {
  if (/^(?:[0-9a-f]{2})+$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return Buffer.from(value, 'base64');
  return Buffer.from(value, 'utf8');
}

/** A Web Push (VAPID) pair: the base64url P-256 private scalar and the uncompressed public point it makes. */
export function vapidPairValid(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return Buffer.from(privateKey, 'base64url').length === 32 && ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * Every start refuses a configured key too short to be secret (fewer than MIN_KEY_BYTES after decoding)
 * and a VAPID pair that is not one P-256 key pair: one line naming each, with the rule, exit 1. No
 * flag turns it off; a start that makes its own keys (`npm start`'s secrets file, `npm run keys`) makes
 * keys that pass.
 */
export function refuseWeakSecrets(configured: (name: string) => string | undefined, env: NodeJS.ProcessEnv = process.env) {
  const problems: string[] = [];
  const short = productionSecrets
    .filter((s) => !s.name.startsWith('vapid-'))
    .flatMap((s) => {
      const standIn = s.or && env[s.or] ? s.or : undefined;
      const value = standIn ? env[standIn]! : configured(s.name);
      return value !== undefined && keyBytes(value).length < MIN_KEY_BYTES ? [standIn ?? envName(s.name)] : [];
    });
  if (short.length)
    problems.push(
      `too short to be secret: ${short.join(', ')} (each key needs at least ${MIN_KEY_BYTES} random bytes: 64 hex digits, 43 base64url characters, or ${MIN_KEY_BYTES} characters of other text)`,
    );
  const [publicKey, privateKey] = [configured('vapid-public'), configured('vapid-private')];
  if (publicKey !== undefined && privateKey !== undefined && !vapidPairValid(publicKey, privateKey))
    problems.push(`${envName('vapid-public')} and ${envName('vapid-private')} are not one P-256 key pair (base64url: the uncompressed public point of the 32-byte private key)`);
  if (problems.length) throw new StartupError(`weak keys refused; ${problems.join('; ')}; \`npm run keys\` writes a file of fresh ones`);
}
