import { randomUUID } from 'node:crypto';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from '../config.js';

/** Field names whose values never reach a log line, wherever they sit. */
const secretFields = [
  'memPass',
  'memPassCheck',
  'cashOutPass',
  'cashOutPassCheck',
  'curPass',
  'oldPass',
  'newPass',
  'currentPass',
  'password',
  'pass',
  'token',
  't',
  'apiKey',
  'api_key',
  'secret',
  'captcha',
  'authorization',
  'x-auth-token',
  'x-signature',
  'cookie',
];
const redactPaths = [
  ...secretFields.flatMap((f) => [`${q(f)}`, `*.${q(f)}`, `*.*.${q(f)}`]),
  'req.headers.authorization',
  'req.headers["x-auth-token"]',
  'req.headers["x-signature"]',
  'req.headers.cookie',
];
function q(f: string) {
  return /^[A-Za-z_$][\w$]*$/.test(f) ? f : `["${f}"]`;
}

/** Query-string tokens (the game page's `t`, any `token`) are cut from logged URLs. */
export const scrubUrl = (url: string) => url.replace(/([?&](?:t|token|apiKey|key)=)[^&#]*/gi, '$1[Redacted]');

/** Fastify's pino logger: request id, path, result code and time per call; secrets redacted. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: Writable) {
  return {
    logger: {
      level: config.logLevel,
      ...(stream ? { stream } : {}),
      redact: { paths: redactPaths, censor: '[Redacted]' },
      serializers: {
        req: (req: { id: string; method: string; url: string; ip?: string }) => ({ id: req.id, method: req.method, url: scrubUrl(req.url), ip: req.ip }),
      },
    },
    // ids are ours: a client cannot choose the id its lines are filed under
    requestIdHeader: false as const,
    genReqId: () => randomUUID(),
    // one line per call, written when it ends (below), instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object) => new LazyChild(logger, bindings, opts),
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger type leaves pino's level check out; a logger without one writes every level. */
const enabled = (log: FastifyBaseLogger, level: Level) => (log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? true;

/**
 * A call's logger, made on first use. Most calls write only the access line, and that goes through
 * the root logger with the request id in it (the same line a child would write), so a call that
 * logs nothing else costs no child (pino serialises and redacts a child's bindings when it is made).
 */
class LazyChild {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly opts: object,
  ) {}
  private get real() {
    return (this.#child ??= this.parent.child(this.bindings, this.opts));
  }
  get level() {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  private write(level: Level, args: unknown[]) {
    if (!enabled(this.#child ?? this.parent, level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...a: unknown[]) {
    this.write('fatal', a);
  }
  error(...a: unknown[]) {
    this.write('error', a);
  }
  warn(...a: unknown[]) {
    this.write('warn', a);
  }
  info(...a: unknown[]) {
    this.write('info', a);
  }
  debug(...a: unknown[]) {
    this.write('debug', a);
  }
  trace(...a: unknown[]) {
    this.write('trace', a);
  }
  silent() {}
  child(bindings: Record<string, unknown>, opts?: object) {
    return this.real.child(bindings, opts);
  }
}

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope's resultCode, for the access log. */
    resultCode?: string;
  }
}

/** The access line of one call, through the root logger: request id, path, address, status, result code, time. */
export function logCall(log: FastifyBaseLogger, req: FastifyRequest, reply: FastifyReply) {
  if (!enabled(log, 'info')) return;
  log.info(
    { reqId: req.id, method: req.method, path: scrubUrl(req.url), ip: req.ip, status: reply.statusCode, code: reply.resultCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
    'call',
  );
}
