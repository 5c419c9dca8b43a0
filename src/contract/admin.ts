import { z } from 'zod';
import { protectionState } from './protection.js';
import { call, empty, listOf, page, wireDate } from './define.js';
import { cashRequestAnswer, entryRecord, optAmount, optDate, requestId } from './cash.js';

export const adminCashRow = z.object({
  cashIdx: z.number(),
  memId: z.string(),
  memNick: z.string(),
  memName: z.string(),
  bank: z.string(),
  bankAcc: z.string(),
  cashType: z.number(),
  cashAmt: z.number(),
  cashStatus: z.number(),
  /** the member's cash now */
  memCashAmt: z.number(),
  regDate: wireDate,
  updDate: wireDate,
});

const issue = z.array(z.record(z.string(), z.unknown()));
export const ledgerReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  members: z.number(),
  entries: z.number(),
  totals: z.object({ cash: z.number(), point: z.number() }),
  balanceMismatches: issue,
  unbalancedMoves: issue,
  chainBreaks: issue,
  negatives: issue,
});

/** What waits for the operator; also the body (data2, JSON) of the ADMIN_PENDING live event. */
export const adminPending = z.object({
  /**
   * open cash requests by status (0 applied, 2 waiting) and by kind (deposits, withdrawals: both
   * statuses); appliedIn/appliedOut split the applied ones, waitingIn/waitingOut the waiting ones
   */
  cash: z.object({
    applied: z.number(),
    waiting: z.number(),
    deposits: z.number(),
    withdrawals: z.number(),
    appliedIn: z.number(),
    appliedOut: z.number(),
    waitingIn: z.number(),
    waitingOut: z.number(),
  }),
  /** inquiries still waiting for an answer */
  qna: z.number(),
  /** lower-partner requests waiting for approval */
  partnerRequests: z.number(),
});
export type AdminPending = z.infer<typeof adminPending>;
/** Which queue an ADMIN_PENDING event is about (its data1). */
export const adminPendingKinds = ['cash', 'qna', 'partnerRequests'] as const;

/**
 * One KST day of the whole site. Deposits and withdrawals are completed requests by processing
 * time; bets, wins and rolling come from the daily figures of the top of the tree, so they equal
 * the settlement screens' figures for the same days. ggr = bets - wins, net = deposits - withdrawals.
 */
export const adminDay = z.object({
  day: z.string(),
  deposits: z.number(),
  depositCnt: z.number(),
  withdrawals: z.number(),
  withdrawalCnt: z.number(),
  net: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  rolling: z.number(),
  newMembers: z.number(),
});
export type AdminDay = z.infer<typeof adminDay>;

/** One KST hour of today (0-23): completed requests by processing time, settled bets by settlement time, joins. */
export const adminHour = z.object({
  hour: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  net: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  newMembers: z.number(),
});
export type AdminHour = z.infer<typeof adminHour>;

export const adminDashboard = z.object({
  pending: adminPending,
  /** today so far, and members with a live session now */
  today: adminDay.extend({ online: z.number() }),
  /** today by KST hour, 24 rows (hours still to come are zeros) */
  hours: z.array(adminHour),
  /** the last 30 KST days, oldest first, today last; days without activity are zeros */
  days: z.array(adminDay),
  /** the last stored ledger check, or null when none ran yet */
  ledger: z.object({ ok: z.boolean(), checkedAt: z.string() }).nullable(),
  /** wrong passwords against the operator's own account in the last `minutes`, and from how many addresses */
  loginAttack: z.object({ failures: z.number(), addresses: z.number(), minutes: z.number() }),
  /** the site's audit chain as this server last verified it: broken from row `seq` on, or null */
  auditBroken: z.object({ seq: z.number().int() }).nullable(),
});

/** The first-day checklist's items, in the order the operator's home shows them. */
export const firstDayKeys = ['depositAccount', 'vendors', 'brand', 'firstPartner', 'firstPlayer', 'twoFactor'] as const;
export type FirstDayKey = (typeof firstDayKeys)[number];
export const firstDay = z.object({
  /** every item, in firstDayKeys order; done as the database has it now */
  items: z.array(z.object({ key: z.enum(firstDayKeys), done: z.boolean() })),
  /** true when every item is done (the home then shows no checklist) */
  allDone: z.boolean(),
});

export const adminCalls = {
  /** The operator's home: what waits, today and the last 30 days, and the last ledger check, in one call. */
  dashboard: call('/api/admin/dashboard', empty, adminDashboard, 'admin'),
  /**
   * A new site's first day: a deposit account, game vendors on, a logo (the three the platform sets),
   * a first partner (players join under one), a first player, and the calling operator's own two-factor.
   */
  firstDay: call('/api/admin/firstDay', empty, firstDay, 'admin'),
  /** Cash requests of the site, newest first (or oldest first), 40 a page; every filter optional. */
  cashList: call(
    '/api/admin/cash/list',
    z.object({
      cashStatus: z.coerce
        .number()
        .int()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      cashType: z.coerce
        .number()
        .int()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      memId: z.string().optional(),
      /** Y: only open requests (applied or waiting), when cashStatus is not given */
      openYn: z.enum(['Y', 'N']).optional(),
      /** asc: oldest first (the queue's order), desc (default): newest first */
      order: z.enum(['asc', 'desc']).optional(),
      startDate: optDate,
      endDate: optDate,
      page,
      count_per_list: z.coerce.number().int().min(1).max(200).default(40),
    }),
    listOf(adminCashRow),
    'admin',
  ),
  /** 0 -> 2 (waiting), 2 -> 1 (approve) or -1 (reject); anything else T999. */
  cashProcess: call(
    '/api/admin/cash/process',
    z.object({ cashIdx: z.coerce.number().int().positive(), cashStatus: z.coerce.number().int(), requestId }),
    cashRequestAnswer,
    'admin',
  ),
  /** Grant (mode 2) or recover (mode -2) cash, or points with kind 'point', against the house; the answer names the member's ledger row. */
  grant: call(
    '/api/admin/cash/grant',
    z.object({
      memId: z.string().optional(),
      cashAmt: optAmount,
      mode: z.coerce.number().pipe(z.union([z.literal(2), z.literal(-2)])),
      memo: z.string().optional(),
      kind: z.enum(['cash', 'point']).default('cash'),
      requestId,
    }),
    z.object({ memId: z.string(), cashAmt: z.number(), pointAmt: z.number() }).extend(entryRecord.shape),
    'admin',
  ),
  /** Ledger health: stored balances against the entries, every movement balanced; the result is kept for the home. */
  ledgerCheck: call('/api/admin/ledger/check', empty, ledgerReport, 'admin'),
};

/** A member's lock state as the operator's member screen shows it. */
export const memberLockState = z.object({
  memId: z.string(),
  memNick: z.string(),
  /** wrong login passwords since the last right one */
  failedLogins: z.number(),
  /** Korea-time end of the login lock, null when not locked */
  lockedUntil: wireDate.nullable(),
  /** Korea-time end of the withdrawal-password lock, null when not locked */
  outLockedUntil: wireDate.nullable(),
  /** a player's own limits, break and self-exclusion (read only); null for partners */
  protection: protectionState.nullable().optional(),
  /** two-factor sign-in on (the operator may reset it: /api/admin/member/otpReset) */
  otpYn: z.enum(['Y', 'N']),
});

/** The operator's member screen: the lock state with the balances a person sees (points with credits not yet applied). */
export const memberState = memberLockState.extend({ cashAmt: z.number(), pointAmt: z.number() });

export const ipBlockRow = z.object({ ip: z.string(), regId: z.string(), regDate: wireDate });

export const auditRow = z.object({
  auditIdx: z.number(),
  actorId: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  regDate: wireDate,
});

const memIdReq = z.object({ memId: z.string().trim().min(1).max(40) });

export const adminSecurityCalls = {
  /** Lock state of one member (login and withdrawal password) and its balances. */
  memberState: call('/api/admin/member/state', memIdReq, memberState, 'admin'),
  /** Ends a member's wrong-password locks (login and withdrawal password) and clears the counts. */
  memberUnlock: call('/api/admin/member/unlock', memIdReq, memberLockState, 'admin'),
  /**
   * Blocks (Y) or unblocks (N) an address or CIDR range, IPv4 or IPv6: refused at login and on
   * every signed-in call (U004); adding one ends the open sessions signed in from it. A range
   * wider than a /16 or /48 answers IP001, one holding the operator's own address IP002.
   */
  ipBlock: call(
    '/api/admin/site/ipBlock',
    z.object({ ip: z.string().trim().min(2).max(64), blockYn: z.enum(['Y', 'N']) }),
    z.object({ ip: z.string(), blockYn: z.enum(['Y', 'N']) }),
    'admin',
  ),
  ipBlockList: call('/api/admin/site/ipBlockList', empty, z.object({ list: z.array(ipBlockRow) }), 'admin'),
  /** The operator audit log, newest first; optional filters by operator id and action. */
  auditList: call(
    '/api/admin/auditList',
    z.object({ page, count_per_list: z.coerce.number().int().min(1).max(200).default(20), actorId: z.string().max(40).optional(), action: z.string().max(100).optional() }),
    listOf(auditRow),
    'admin',
  ),
  /**
   * Walks the site's audit hash chain: intact with its row count, or the first broken row
   * (auditIdx null when the tail was cut) and why: content changed, link broken, order, tail.
   */
  auditVerify: call(
    '/api/admin/audit/verify',
    empty,
    z.object({
      ok: z.boolean(),
      rows: z.number().int(),
      auditIdx: z.number().int().nullable(),
      seq: z.number().int().nullable(),
      reason: z.enum(['content', 'link', 'order', 'tail']).nullable(),
    }),
    'admin',
  ),
};
