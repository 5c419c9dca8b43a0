/**
 * Throttles on the calls a script would hammer: failed logins per address and per account id,
 * operator logins, signup, captcha, wrong withdrawal passwords, the public site lookup. Counters
 * live in @fastify/rate-limit's store: in process, or in Redis when REDIS_URL is set, so a limit
 * holds across every instance.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError, type ResultCode } from '../../contract/codes.js';
import { commonCalls } from '../../contract/common.js';
import type { Call } from '../../contract/define.js';
import { cashCalls } from '../../contract/cash.js';
import { memberCalls } from '../../contract/member.js';
import type { Config, Limits } from '../config.js';

type Body = Record<string, unknown>;

interface Rule {
  limit: Exclude<keyof Limits, 'namespace'>;
  /** The counter's key, or null when the rule does not apply to this request. */
  key(ip: string, body: Body): string | null;
  /** Every call counts, or only answers with these codes (failures). */
  counts: 'all' | readonly ResultCode[];
}

const failedLogin = ['L001', 'L002', 'U003'] as const;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const site = (b: Body) => str(b.siteId).slice(0, 40);
const isAdminPage = (b: Body) => b.loginPage === 'admin';

const rules = new Map<Call, Rule[]>([
  [memberCalls.login, [
    // every try counts here, atomically: bounds parallel bursts and scrypt load, which the failure counts (read first, raised after) cannot
    { limit: 'loginPerIp', counts: 'all', key: (ip, b) => `login-try:${site(b)}:${ip}` },
    { limit: 'loginFailPerIp', counts: failedLogin, key: (ip, b) => (isAdminPage(b) ? null : `login-ip:${site(b)}:${ip}`) },
    { limit: 'adminLoginFailPerIp', counts: failedLogin, key: (ip, b) => (isAdminPage(b) ? `admin-login-ip:${site(b)}:${ip}` : null) },
    {
      limit: 'loginFailPerAccount', counts: failedLogin,
      key: (_ip, b) => {
        const id = str(b.memId).trim().toLowerCase().slice(0, 64);
        return id ? `login-id:${site(b)}:${id}` : null;
      },
    },
  ]],
  [memberCalls.signup, [{ limit: 'signupPerIp', counts: 'all', key: (ip, b) => `signup:${site(b)}:${ip}` }]],
  [memberCalls.captcha, [{ limit: 'captchaPerIp', counts: 'all', key: (ip, b) => `captcha:${site(b)}:${ip}` }]],
  [cashCalls.withdraw, [{ limit: 'cashOutPassFailPerIp', counts: ['C008'], key: (ip, b) => `cashout-pass:${site(b)}:${ip}` }]],
  [commonCalls.site, [{ limit: 'siteLookupPerIp', counts: 'all', key: (ip) => `site:${ip}` }]],
]);

/** Too many tries: HTTP 429 with R429 and Retry-After. */
export class RateLimited extends ApiError {
  constructor(readonly retryAfterSec: number) {
    super('R429');
  }
}

type Check = (req: FastifyRequest, opts?: { increment?: boolean }) => Promise<{ isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;
const keyOf = Symbol('throttleKey');
type Keyed = FastifyRequest & { [keyOf]?: string };

export interface Throttle {
  /** Checks the call's limits before it runs; returns what to count once its answer is known. */
  before(call: Call, req: FastifyRequest, body: Body): Promise<((code: string) => Promise<void>) | null>;
}

export async function registerThrottle(fastify: FastifyInstance, config: Pick<Config, 'redisUrl' | 'limits'>): Promise<Throttle> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 }) : null;
  // an outage must not take logins down with it: counting pauses, the rest of the checks still hold
  redis?.on('error', (err) => fastify.log.warn({ err: err.message }, 'rate-limit redis'));
  await fastify.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.limits.namespace } : {}),
    keyGenerator: (req) => (req as Keyed)[keyOf] ?? 'none',
  });
  if (redis) fastify.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  const checks = new Map<string, Check>();
  const checker = (limit: Rule['limit']) => {
    let c = checks.get(limit);
    if (!c) {
      const { max, windowMs } = config.limits[limit];
      c = fastify.createRateLimit({ max, timeWindow: windowMs }) as Check;
      checks.set(limit, c);
    }
    return c;
  };

  async function hit(rule: Rule, key: string, req: FastifyRequest, increment: boolean) {
    (req as Keyed)[keyOf] = key;
    return checker(rule.limit)(req, { increment });
  }

  return {
    async before(call, req, body) {
      const list = rules.get(call);
      if (!list) return null;
      const ip = normalizeIP(req.ip);
      const active = list.map((rule) => ({ rule, key: rule.key(ip, body) })).filter((r): r is { rule: Rule; key: string } => !!r.key);
      for (const { rule, key } of active) {
        const all = rule.counts === 'all';
        const s = await hit(rule, key, req, all);
        // failures are counted after the answer, so the next try is refused once `max` have failed
        const over = all ? s.isExceeded : s.remaining === 0;
        if (over) throw new RateLimited(Math.max(1, s.ttlInSeconds ?? 1));
      }
      const counted = active.filter(({ rule }) => rule.counts !== 'all');
      if (!counted.length) return null;
      return async (code) => {
        for (const { rule, key } of counted) {
          if ((rule.counts as readonly string[]).includes(code)) await hit(rule, key, req, true);
        }
      };
    },
  };
}
