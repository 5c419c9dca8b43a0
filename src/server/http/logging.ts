import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance } from 'fastify';
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
  };
}

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope's resultCode, for the access log. */
    resultCode?: string;
  }
}

export function registerAccessLog(fastify: FastifyInstance) {
  fastify.decorateReply('resultCode', undefined);
  fastify.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, path: scrubUrl(req.url), ip: req.ip, status: reply.statusCode, code: reply.resultCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'call',
    );
  });
}
