import { z } from 'zod';
import { call, empty, ok, wireDate } from './define.js';

/** The logged-in user as the app keeps it. */
export const memberInfo = z.object({
  memId: z.string(),
  memName: z.string(),
  memNick: z.string(),
  partnerLevel: z.string(),
  partnerLevelOrder: z.number(),
  loginType: z.enum(['NORMAL', 'PARTNER', 'P_NORMAL', 'ADMIN']),
  cashAmt: z.number(),
  pointAmt: z.number(),
  gameAmt: z.number(),
  outAmtYn: z.enum(['Y', 'N']),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const msgInfo = z.object({ newMsg: z.number(), newAnswer: z.number() });

const session = z.object({
  token: z.string(),
  /** Korea-time wire date of expiry */
  expiresAt: wireDate,
  /** seconds until expiry, so a client with a wrong clock still refreshes on time */
  expiresIn: z.number(),
});

/** A signed-in answer: the session, the member, its unread counts. */
export const loginAnswer = session.extend({ member: memberInfo, msgInfo });

// Request fields are loose strings (numbers accepted, e.g. a 4-digit withdrawal password): the
// server checks them in the product's order (see validate.ts) and answers U-codes, not V001.
const s = z
  .union([z.string().max(200), z.number()])
  .transform(String)
  .optional();

/** An ALTCHA proof-of-work challenge (altcha-lib v2) as the server signed it. */
export const powChallenge = z.object({
  parameters: z.object({
    algorithm: z.string().max(40),
    nonce: z.string().max(200),
    salt: z.string().max(200),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: z.string().max(200),
    keySignature: z.string().max(200).optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().max(200),
});
export type PowChallenge = z.infer<typeof powChallenge>;
/** A solved challenge, sent with a login or signup: the challenge as received and the counter found. */
export const powProof = z.object({
  challenge: powChallenge,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(200) }),
});
export type PowProof = z.infer<typeof powProof>;

export const memberCalls = {
  /**
   * A fresh proof-of-work challenge (five minutes, good once). Partner and operator logins and
   * signup always need one solved; a player login once its address tried too often (L005).
   */
  challenge: call('/api/member/challenge', empty, z.object({ challenge: powChallenge }), 'site'),
  /** `image`: a PNG data URL of the 4 digits, drawn distorted on the server (nothing machine-readable in it) */
  captcha: call('/api/member/captcha', empty, z.object({ captchaId: z.string(), image: z.string() }), 'site'),
  login: call(
    '/api/member/login',
    z.object({
      memId: s,
      memPass: s,
      captchaId: s,
      captcha: s,
      /** which login screen asked: partner screens refuse players (L003), the operator screen non-operators */
      loginPage: z.enum(['player', 'partner', 'admin']).optional(),
      pow: powProof.optional(),
    }),
    loginAnswer,
    'site',
  ),
  logout: call('/api/member/logout', empty, ok, 'member'),
  info: call('/api/member/info', empty, z.object({ member: memberInfo, msgInfo, expiresAt: wireDate, expiresIn: z.number() }), 'member'),
  getToken: call('/api/getToken', empty, session, 'member'),
  signup: call(
    '/api/member/signup',
    z.object({
      memId: s,
      memPass: s,
      memPassCheck: s,
      memPhone: s,
      memNick: s,
      memName: s,
      bank: s,
      bankacc: s,
      cashOutPass: s,
      cashOutPassCheck: s,
      recommenderId: s,
      pow: powProof.optional(),
    }),
    z.object({ memId: z.string(), status: z.enum(['ACTIVE', 'PENDING']) }),
    'site',
  ),
  /**
   * A signup link's recommender (`/{prefix}/signup?ref=<memId>`): the partner's nickname when it
   * takes new members; U106 when empty, U107 for anyone else (unknown, not a partner, suspended),
   * U108 when the site takes no signups. Limited per address with the id check.
   */
  recommender: call('/api/member/recommender', z.object({ recommenderId: s }), z.object({ memId: z.string(), memNick: z.string() }), 'site'),
  checkId: call('/api/admin/member/checkId', z.object({ memId: s }), z.object({ available: z.boolean() }), 'site'),
  checkNickname: call('/api/admin/member/checkNickname', z.object({ memNick: s }), z.object({ available: z.boolean() }), 'site'),
  /**
   * Account edit: password and withdrawal password, checked in the product's order; `curPass`,
   * the current login password, is required (U121 when missing or wrong, counted toward the lock).
   */
  update: call('/api/member/update', z.object({ memId: s, memPass: s, memPassCheck: s, cashOutPass: s, cashOutPassCheck: s, curPass: s }), ok, 'member'),
  /** The coin amount the 5-second check reads; a superseded session answers TK999. */
  userCash: call('/api/cash/getUserCash', empty, z.object({ cashAmt: z.number(), pointAmt: z.number(), gameAmt: z.number() }), 'member'),
};
