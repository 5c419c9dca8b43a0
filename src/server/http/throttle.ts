/**
 * Throttles on the calls a script would hammer. Login: past an address's limits (tries, failed
 * tries, operator-page failures) a login from it needs a solved proof-of-work challenge (L005)
 * instead of a wall, so a carrier NAT full of real players still gets in and a flood pays per
 * try; so does a login past one account id's rate, from wherever it comes. A device cookie lifts
 * none of these: it spares only its own account's wrong-password lock (domain/auth). Signup,
 * id checks, captcha and the site lookup per address, and wrong withdrawal passwords per member,
 * answer R429. Counters live in @fastify/rate-limit's store (atomic increments in process, or in
 * Redis when REDIS_URL is set, so a limit holds across every instance); so do used challenges.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError, type ResultCode } from '../../contract/codes.js';
import { commonCalls } from '../../contract/common.js';
import type { Call } from '../../contract/define.js';
import { cashCalls } from '../../contract/cash.js';
import { memberCalls, powProof, type PowProof } from '../../contract/member.js';
import { siteCalls } from '../../contract/site.js';
import { platformCalls } from '../../contract/platform.js';
import type { Config, Limits } from '../config.js';
import type { PublicContext, RequestContext } from '../context.js';

type Ctx = RequestContext | PublicContext;
import { checkProof, usedChallenges } from '../domain/auth/challenge.js';
import { retireChallenge } from '../domain/auth/addressChallenge.js';
import { PLATFORM_SCOPE } from '../domain/auth/door.js';
import { limits } from '../../contract/enums.js';

type Body = Record<string, unknown>;

/** `loginFailPerId`: the wrong-password lock's own count and time, kept for any id (real or not). */
type LimitName = Exclude<keyof Limits, 'namespace'> | 'loginFailPerId';

interface Rule {
  limit: LimitName;
  /** The counter's key, or null when the rule does not apply to this request. */
  key(ip: string, body: Body, ctx: Ctx): string | null;
  /** Every call counts, or only answers with these codes (failures). */
  counts: 'all' | readonly ResultCode[];
  /** past the limit: a challenge instead of R429 */
  challenge?: boolean;
  /** past the limit: only tells the login so (an unknown id answers as a locked one), neither wall nor challenge */
  flag?: boolean;
}

const failedLogin = ['L001', 'L002', 'U003'] as const;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const site = (b: Body) => str(b.siteId).slice(0, 40);
const isAdminPage = (b: Body) => b.loginPage === 'admin';

const id = (b: Body, field: string) => str(b[field]).trim().toLowerCase().slice(0, 64);

/**
 * The login rules every door shares: each try counted before its hash (one atomic step), per
 * address and per id, a challenge past either; and each id's failures, real id or not.
 */
const loginRules = (scope: (b: Body) => string, idField: string): Rule[] => [
  // every try counts here, atomically: bounds parallel bursts and scrypt load
  { limit: 'loginPerIp', counts: 'all', challenge: true, key: (ip, b) => `login-try:${scope(b)}:${ip}` },
  // one account signed in to again and again (its own device cookie too) pays per try past its rate
  { limit: 'loginPerAccount', counts: 'all', challenge: true, key: (_ip, b) => (id(b, idField) ? `login-acct:${scope(b)}:${id(b, idField)}` : null) },
  { limit: 'loginFailPerId', counts: ['L001', 'L007'], flag: true, key: (_ip, b) => (id(b, idField) ? `login-fail-id:${scope(b)}:${id(b, idField)}` : null) },
];

const rules = new Map<Call, Rule[]>([
  [
    memberCalls.login,
    [
      ...loginRules(site, 'memId'),
      { limit: 'loginFailPerIp', counts: failedLogin, challenge: true, key: (ip, b) => (isAdminPage(b) ? null : `login-ip:${site(b)}:${ip}`) },
      { limit: 'adminLoginFailPerIp', counts: failedLogin, challenge: true, key: (ip, b) => (isAdminPage(b) ? `admin-login-ip:${site(b)}:${ip}` : null) },
    ],
  ],
  // the platform's sign-in: the same rules, and every try at it counts toward the operator page's
  // number before its hash, so a parallel burst from one address cannot pass it
  [platformCalls.login, [...loginRules(() => PLATFORM_SCOPE, 'loginId'), { limit: 'adminLoginFailPerIp', counts: 'all', challenge: true, key: (ip) => `platform-login-ip:${ip}` }]],
  [memberCalls.signup, [{ limit: 'signupPerIp', counts: 'all', key: (ip, b) => `signup:${site(b)}:${ip}` }]],
  // the id check answers which ids exist: limited like signup, per address
  [memberCalls.checkId, [{ limit: 'checkIdPerIp', counts: 'all', key: (ip, b) => `check-id:${site(b)}:${ip}` }]],
  // a signup link's recommender answers which partners take members: the same counter as the id check
  [memberCalls.recommender, [{ limit: 'checkIdPerIp', counts: 'all', key: (ip, b) => `check-id:${site(b)}:${ip}` }]],
  [memberCalls.captcha, [{ limit: 'captchaPerIp', counts: 'all', key: (ip, b) => `captcha:${site(b)}:${ip}` }]],
  // per member: one address's (or one member's) wrong guesses never refuse another member's withdrawal
  [cashCalls.withdraw, [{ limit: 'cashOutPassFailPerMember', counts: ['C008'], key: (_ip, b, ctx) => (ctx.caller ? `cashout-pass:${site(b)}:${ctx.caller.id}` : null) }]],
  [commonCalls.site, [{ limit: 'siteLookupPerIp', counts: 'all', key: (ip) => `site:${ip}` }]],
  // each handshake keeps a key in memory (bounded): one address may not churn out the keys others use
  [siteCalls.sealKey, [{ limit: 'sealKeyPerIp', counts: 'all', key: (ip, b) => `seal-key:${site(b)}:${ip}` }]],
]);

/** The calls whose requests may carry a solved challenge. */
const provable = new Set<Call>([memberCalls.login, memberCalls.signup, platformCalls.login]);
/** What a call's challenges are signed for: the site's id, or the platform console's scope. */
const scopeOf = (call: Call, ctx: Ctx) => ctx.site?.id ?? (call === platformCalls.login ? PLATFORM_SCOPE : null);

/** Too many tries: HTTP 429 with R429 and Retry-After. */
export class RateLimited extends ApiError {
  constructor(readonly retryAfterSec: number) {
    super('R429');
  }
}

type Check = (req: FastifyRequest, opts?: { increment?: boolean }) => Promise<{ isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;
const keyOf = Symbol('throttleKey');
type Keyed = FastifyRequest & { [keyOf]?: string };

export interface Gate {
  /** counts the call's failures once its answer is known */
  counted: ((code: string) => Promise<void>) | null;
  /** the request carried a solved, unused challenge (now used up) */
  proved: boolean;
  /** the address is past a limit that asks for a challenge */
  challengeRequired: boolean;
  /** the id's failures reached the lock's count (see `door.ts`) */
  idOverLimit: boolean;
}

export interface Throttle {
  /** Checks the call's limits before it runs (R429 past a hard one) and takes its challenge. */
  before(call: Call, req: FastifyRequest, body: Body, ctx: Ctx): Promise<Gate | null>;
}

export async function registerThrottle(fastify: FastifyInstance, config: Pick<Config, 'redisUrl' | 'limits' | 'lockMinutes'>): Promise<Throttle> {
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
  const used = usedChallenges(redis, config.limits.namespace);

  const checks = new Map<string, Check>();
  const checker = (limit: Rule['limit']) => {
    let c = checks.get(limit);
    if (!c) {
      const { max, windowMs } = limit === 'loginFailPerId' ? { max: limits.maxWrongPasswords + 1, windowMs: config.lockMinutes * 60_000 } : config.limits[limit];
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
    async before(call, req, body, ctx) {
      const list = rules.get(call) ?? [];
      const parsed = provable.has(call) ? powProof.safeParse(body.pow) : null;
      const proof: PowProof | undefined = parsed?.success ? parsed.data : undefined;
      if (!list.length && !provable.has(call)) return null;
      const scope = scopeOf(call, ctx);
      const proved = proof && scope ? await checkProof(ctx.db, scope, proof, used) : false;
      if (proof) retireChallenge(proof.challenge.parameters.nonce);
      const ip = normalizeIP(req.ip);
      const active = list.map((rule) => ({ rule, key: rule.key(ip, body, ctx) })).filter((r): r is { rule: Rule; key: string } => !!r.key);
      let challengeRequired = false;
      let idOverLimit = false;
      for (const { rule, key } of active) {
        const all = rule.counts === 'all';
        // an 'all' rule counts and decides in one atomic step
        const s = await hit(rule, key, req, all);
        // failures are counted after the answer, so the next try is over once `max` have failed
        const over = all ? s.isExceeded : s.remaining === 0;
        if (!over) continue;
        if (rule.flag) {
          idOverLimit = true;
          continue;
        }
        if (!rule.challenge) throw new RateLimited(Math.max(1, s.ttlInSeconds ?? 1));
        challengeRequired = true;
      }
      if (proved) challengeRequired = false;
      const counted = active.filter(({ rule }) => rule.counts !== 'all');
      return {
        proved,
        challengeRequired,
        idOverLimit,
        counted: counted.length
          ? async (code) => {
              for (const { rule, key } of counted) {
                if ((rule.counts as readonly string[]).includes(code)) await hit(rule, key, req, true);
              }
            }
          : null,
      };
    },
  };
}
