/**
 * Partner back-office calls (seed 001): dashboard, tree, partner and member lists, details,
 * creation of partners and members, and the operator's partner-request approval.
 * Every memId is checked server-side to lie in the caller's own subtree (else A002).
 * Betting, rate and settlement figures answer 0 until those capabilities exist.
 */
import { z } from 'zod';
import { protectionState } from './protection.js';
import { call, empty, listOf, ok, page, pageInfo, wireDate, yn } from './define.js';

const optText = z
  .union([z.string().max(200), z.number()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null ? undefined : String(v).trim() || undefined));
const optDate = wireDate
  .optional()
  .nullable()
  .or(z.literal('').transform(() => undefined))
  .transform((v) => v ?? undefined);
const perPage = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
const treeOption = z.enum(['Y', 'N']).optional();
// loose strings for form fields: the server checks them in the seed's order and answers U-codes
const field = z
  .union([z.string().max(200), z.number()])
  .transform(String)
  .optional();
const n = z.number();
const s = z.string();

/** Member list orders of the V2 calls. */
export const orderStrs = ['JOIN_DESC', 'ID_DESC', 'ID_ASC', 'CASH_DESC', 'POINT_DESC'] as const;
const orderStr = z
  .enum(orderStrs)
  .default('JOIN_DESC')
  .or(z.literal('').transform(() => 'JOIN_DESC' as const));
/** Search by id or nickname (V2 names), or the retail names memId / memNick / recommenderId (upper user's id). */
const searchType = z
  .enum(['id', 'nickname', 'memId', 'memNick', 'recommenderId', 'INNER', 'OUTER', 'N'])
  .optional()
  .or(z.literal('').transform(() => undefined));

export const topUser = z.object({ recommenderId: s, partnerLevel: s, partnerLevelName: s });
const groupBets = z.object({ betAmt: n, winAmt: n, rollingAmt: n, earnedRolling: n });
const lastGame = z.object({ vendorName: s, gameName: s, regDate: wireDate }).nullable();

/** Seed §3 PartnerInfo. cashIn/cashOut: own completed deposits/withdrawals; payment/payback: given to / taken back from its children. */
export const partnerInfo = z.object({
  memId: s,
  memNick: s,
  partnerLevel: s,
  partnerLevelName: s,
  cashAmt: n,
  pointAmt: n,
  memPhone: s,
  casinoRate: n,
  slotRate: n,
  casinoLosing: n,
  slotLosing: n,
  casinoBetAmt: n,
  casinoWinAmt: n,
  slotBetAmt: n,
  slotWinAmt: n,
  casinoRolling: n,
  slotRolling: n,
  cashIn: n,
  cashOut: n,
  payment: n,
  payback: n,
});

/** Seed §3 partner list row. */
export const partnerRow = partnerInfo.extend({
  topUserList: z.array(topUser),
  /** holdings of everyone below this partner */
  totalBalance: z.object({ totalCashAmt: n, totalPointAmt: n }),
  /** head count below this partner per level; NORMAL means members */
  countInfo: z.array(z.object({ partnerLevel: s, partnerLevelName: s, cnt: n })),
  joinDate: wireDate,
  /** completed deposits / withdrawals of this partner's whole subtree (itself included) */
  totalCashInAmt: n,
  totalCashOutAmt: n,
  /** direct children of any level */
  cnt: n,
  /** direct lower partners (the row expands when above zero) */
  cntBottom: n,
  /** all partners below */
  cntBotPartner: n,
  pointRate: n,
  loseRate: n,
  loginYn: yn,
});

/** Seed §3 member list row. payment/payback here: received from / taken back by the upper. */
export const memberRow = partnerInfo.extend({
  memName: s,
  myLevel: s,
  myLevelName: s,
  recommenderId: s,
  topUserList: z.array(topUser),
  byCasino: groupBets,
  bySlot: groupBets,
  /** cashIn - cashOut */
  totalCashProfit: n,
  totalBetAmt: n,
  totalBetWinAmt: n,
  /** totalBetWinAmt - totalBetAmt */
  totalWlAmt: n,
  betData: lastGame,
  pointRate: n,
  loseRate: n,
  joinDate: wireDate,
  loginYn: yn,
});

/** Seed §3 online member row: a member row plus its open session. */
export const onlineRow = memberRow.extend({ betAmt: n, winAmt: n, loginDt: wireDate, loginIP: s, totalLoginCount: n });

// named: the API document's component for this recursive node
const hierarchyNode: z.ZodType<HierarchyNode> = z
  .lazy(() => z.object({ memId: s, memNick: s, partnerLevel: s, partnerLevelName: s, cnt: n, children: z.array(hierarchyNode), open: z.boolean() }))
  .meta({ id: 'HierarchyNode' });
export interface HierarchyNode {
  memId: string;
  memNick: string;
  partnerLevel: string;
  partnerLevelName: string;
  cnt: number;
  children: HierarchyNode[];
  open: boolean;
}

const range = { startDate: optDate, endDate: optDate };
const userListReq = z.object({
  memId: optText,
  targetLevel: optText,
  searchType,
  searchValue: optText,
  ...range,
  orderStr,
  page,
  count_per_list: perPage(40),
  treeOption,
});
const retailOrder = { orderColumn: optText, orderType: optText };

export const rateRow = z.object({ category: s, pointRate: z.coerce.number(), loseRate: z.coerce.number() });
const rateBound = z.object({ vendorCode: s, minPointRate: n, maxPointRate: n, minLoseRate: n, maxLoseRate: n });

export const partnerRequestRow = z.object({
  reqIdx: n,
  memId: s,
  memNick: s,
  memName: s,
  memPhone: s,
  bank: s,
  bankAcc: s,
  recommenderId: s,
  requestedBy: s,
  partnerLevel: s,
  partnerLevelName: s,
  rateList: z.array(rateRow),
  status: n,
  memo: s,
  regDate: wireDate,
  updDate: wireDate,
});

const newMember = {
  memId: field,
  memPass: field,
  memPassCheck: field,
  memPhone: field,
  memNick: field,
  memName: field,
  bank: field,
  bankacc: field,
  cashOutPass: field,
  cashOutPassCheck: field,
  recommenderId: field,
  memLevel: field,
  partSendYn: field,
  firstBetConfYn: field,
  memStatus: field,
};

export const partnerCalls = {
  // --- dashboard
  topInfo: call(
    '/api/v2/main/topInfo',
    empty,
    z.object({
      /** everyone below the caller; cash/points summed over them */
      mainTopInfo: z.object({ userCnt: n, totalCashAmt: n, totalPointAmt: n, casinoRate: n, slotRate: n }),
    }),
    'partner',
  ),
  /** Today (KST): downline deposits/withdrawals, the caller's own gives/retrieves, downline joins, bet profit. */
  statistics: call(
    '/api/v2/main/statistics',
    empty,
    z.object({
      mainStatisticsInfo: z.object({ dCashIn: n, dCashInCnt: n, dCashOut: n, dCashOutCnt: n, dPayment: n, dPayback: n, dJoinCnt: n, dBetBEP: n }),
    }),
    'partner',
  ),
  /** The downline's money in/out over the window (default today). */
  cashReport: call(
    '/api/v2/main/cashReport',
    z.object(range),
    z.object({
      cashReport: z.object({
        cashIn: n,
        payment: n,
        inPaymentSum: n,
        cashOut: n,
        payback: n,
        outPaybackSum: n,
        couponCash: n,
        normalCashAmt: n,
        partnerCashAmt: n,
        betAmt: n,
        winAmt: n,
        betBEP: n,
        totalPointAmt: n,
      }),
    }),
    'partner',
  ),
  /** The last seven Korea-time days, oldest first: the downline's deposits, withdrawals and bet profit per day, as cashReport counts them (the dashboard's trend in one call). */
  weekTrend: call('/api/v2/main/weekTrend', empty, z.object({ weekTrend: z.array(z.object({ day: s, cashIn: n, cashOut: n, betBEP: n })) }), 'partner'),
  /** The caller's own money movements over the window (default today), by ledger type. */
  myCashReport: call(
    '/api/v2/main/myCashReport',
    z.object(range),
    z.object({
      myCashReport: z.object({
        cashIn: n,
        adminPayment: n,
        upperPayment: n,
        myPayback: n,
        changePoint: n,
        couponCash: n,
        increaseTotal: n,
        cashOut: n,
        adminPayback: n,
        upperPayback: n,
        myPayment: n,
        decreaseTotal: n,
      }),
    }),
    'partner',
  ),
  /** The caller's 10 latest gives and retrieves. */
  newPayLog: call(
    '/api/v2/main/newPayLog',
    empty,
    z.object({
      mainNewPayLog: z.object({
        newPaymentList: z.array(z.object({ memId: s, memNick: s, cashAmt: n, updDate: wireDate })),
        newPaybackList: z.array(z.object({ memId: s, memNick: s, cashAmt: n, updDate: wireDate })),
      }),
    }),
    'partner',
  ),

  // --- tree and lists
  /** One lazy level: hierarchy[0] is memId (default the caller) with its direct children (partners; members too with treeOption Y). */
  hierarchy: call(
    '/api/v2/retail/hierarchy',
    z.object({ memId: optText, treeOption, page, count_per_list: perPage(200) }),
    z.object({ hierarchy: z.array(hierarchyNode), pageInfo }),
    'partner',
  ),
  /**
   * Members below memId: treeOption Y (default) the whole subtree, N direct children only. targetLevel
   * default NORMAL ('ALL' every level). Dates bound the money and bet figures, not the join date.
   */
  lowerUserList: call('/api/v2/user/lowerUserList', userListReq, listOf(memberRow), 'partner'),
  /** Online members (open session) below memId, same filters as lowerUserList, any level by default. */
  loginList: call('/api/v2/user/loginList', userListReq, listOf(onlineRow), 'partner'),
  /** Partner list V2: partners below memId (whole subtree), targetLevel picks one level. */
  /** The operator (no memId) gets every partner of its site, top level first. */
  lowerPartnerList: call('/api/v2/retail/lowerPartnerList', userListReq.omit({ treeOption: true }), listOf(partnerRow), 'partnerOrAdmin'),
  /**
   * Inner/outer partner list (recursive table): searchType INNER = direct lower partners of memId
   * (a row's plus toggle); otherwise (OUTER) every partner below the caller, filtered by
   * partnerLevel and searchMemId (id contains).
   */
  myPartnerList2: call(
    '/api/retail/myPartnerList2',
    z.object({
      memId: optText,
      searchType,
      searchMemId: optText,
      partnerLevel: optText,
      ...range,
      page,
      count_per_list: perPage(40),
    }),
    listOf(partnerRow),
    'partner',
  ),
  /** Direct lower partners of memId (all-partners screen), up to 500. */
  myPartnerDirectList: call('/api/retail/myPartnerDirectList', z.object({ memId: optText, ...range }), z.object({ list: z.array(partnerRow) }), 'partner'),
  /**
   * Retail member list (partner member list, money management): members of the caller's whole
   * subtree, searchMemId (id contains), dates bound the figures; orderColumn cashAmt|pointAmt|
   * cashIn|cashOut|netCash|joinDate|memId, orderType DESC|ASC.
   */
  myMemList: call(
    '/api/retail/myMemList',
    z.object({
      searchMemId: optText,
      partnerLevel: optText,
      searchType,
      ...range,
      oldYn: yn.optional(),
      page,
      count_per_list: perPage(40),
      ...retailOrder,
    }),
    listOf(memberRow),
    'partner',
  ),
  /** Sub-member list: direct members of memId (a tree node, default the caller); searchType memId|memNick|recommenderId with searchValue. */
  myMemDirectList: call(
    '/api/retail/myMemDirectList',
    z.object({
      memId: optText,
      partnerLevel: optText,
      searchType,
      searchValue: optText,
      ...range,
      page,
      count_per_list: perPage(40),
      ...retailOrder,
    }),
    listOf(memberRow),
    'partner',
  ),
  /** Online members below memId (money-move tab), up to 200, latest login first. */
  myLoginMem: call('/api/retail/myLoginMem', z.object({ memId: optText }), z.object({ list: z.array(onlineRow) }), 'partner'),
  /** The same as myLoginMem under the other screen's field name. */
  retailLoginList: call('/api/retail/loginList', z.object({ memId: optText }), z.object({ loginMemList: z.array(onlineRow) }), 'partner'),
  /** Ids below the caller at one level (code PTN_n or NORMAL), for the money-move target select. */
  myMemIds: call('/api/retail/myMemIds', z.object({ code: optText, masterCode: optText }), z.object({ memIds: z.array(s) }), 'partner'),
  /** Head counts and holdings below the caller, and today's new members and waiting partner requests. */
  summary: call(
    '/api/retail/summary',
    z.object({ memId: optText }),
    z.object({
      summary: z.object({ partnerCnt: n, memberCnt: n, totalCashAmt: n, totalPointAmt: n, countInfo: z.array(z.object({ partnerLevel: s, partnerLevelName: s, cnt: n })) }),
      summaryNew: z.object({ newPartnerCnt: n, newMemberCnt: n, waitingPartnerRequestCnt: n }),
    }),
    'partner',
  ),

  // --- one member
  partnerInfo: call('/api/v2/retail/partnerInfo', z.object({ memId: optText, ...range }), z.object({ partnerInfo }), 'partner'),
  updMemPhone: call('/api/v2/retail/updMemPhone', z.object({ memId: optText, memPhone: field }), ok, 'partner'),
  detailInfo: call(
    '/api/v2/retail/detail/info',
    z.object({ memId: optText }),
    z.object({
      partnerInfo: z.object({
        siteId: s,
        memId: s,
        memNick: s,
        cashBalance: n,
        pointBalance: n,
        loginYn: yn,
        joinDate: wireDate,
        partnerLevel: s,
        partnerLevelName: s,
        /** Y while the member is locked out by wrong passwords (login or withdrawal password) */
        lockYn: yn.optional(),
        /** the member's direct upper: a partner gives to and retrieves from its own direct members */
        recommenderId: s.optional(),
      }),
      /** a player's own limits, break and self-exclusion (read only); null for partners */
      protection: protectionState.nullable().optional(),
    }),
    'partnerOrAdmin',
  ),
  /**
   * What an answer to the member needs at hand: its balances now and its open cash requests
   * (applied 0 or waiting 2, newest first); a partner gets it for its own subtree only.
   */
  detailContext: call(
    '/api/v2/retail/detail/context',
    z.object({ memId: optText }),
    z.object({
      memId: s,
      memNick: s,
      cashAmt: n,
      pointAmt: n,
      openRequests: z.array(z.object({ cashIdx: n, cashType: n, cashAmt: n, cashStatus: n, regDate: wireDate })),
    }),
    'partnerOrAdmin',
  ),
  /** Ends the wrong-password lock (login and withdrawal password) of a member strictly below the caller. */
  detailUnlock: call('/api/v2/retail/detail/unlock', z.object({ memId: optText }), z.object({ memId: s }), 'partner'),
  /** Nickname and login permission of a member strictly below the caller. */
  detailInfoSave: call('/api/v2/retail/detail/info/save', z.object({ memId: optText, memNick: field, loginYn: yn.optional() }), ok, 'partnerOrAdmin'),
  loginLog: call(
    '/api/v2/retail/loginLog',
    z.object({ memId: optText, page }),
    z.object({
      loginLog: z.array(z.object({ accessIp: s, accessDate: wireDate })),
      pageInfo,
    }),
    'partner',
  ),
  /** Rolling points credited to the member (point type 3), 10 a page. */
  rollingLogNew: call(
    '/api/v2/retail/rollingLogNew',
    z.object({ memId: optText, ...range, page }),
    z.object({
      rollingLog: z.array(z.object({ vendorName: s, gameName: s, pointAmt: n, updDate: wireDate })),
      pageInfo,
    }),
    'partner',
  ),
  playGameList: call(
    '/api/v2/user/detail/playGameList',
    z.object({ memId: optText, ...range, page }),
    listOf(z.object({ vendorName: s, gameName: s, regDate: wireDate })),
    'partner',
  ),
  /** searchValue: minimum win amount in units of 10,000. */
  betListNew: call(
    '/api/v2/user/detail/betListNew',
    z.object({ memId: optText, searchValue: optText, ...range, page }),
    listOf(z.object({ betIdx: n, vendorName: s, gameName: s, betId: s, tranType: s, bfMoney: n, amount: n, afMoney: n, regDate: wireDate })),
    'partner',
  ),

  // --- creation
  /**
   * A partner under recommenderId, as one rule decides (domain partnerCreation): a partner's is a
   * request for its next level under itself (the default) or a partner of its subtree, which the
   * operator approves (status 0, reqIdx the request); the operator's exists at once (status 1,
   * reqIdx 0, memId the new partner): a top-level partner (PTN_1) under the house when no
   * recommenderId is given, else the next level under any partner of its site.
   */
  createPartner: call(
    '/api/v2/retail/createPartner',
    z.object({
      memId: field,
      memPass: field,
      memNick: field,
      memPhone: field,
      bank: field,
      bankAcc: field,
      bankacc: field,
      memName: field,
      cashOutPass: field,
      recommenderId: field,
      partnerLevel: field,
      rateList: z
        .array(z.object({ category: z.string(), pointRate: z.union([z.string(), z.number()]).optional(), loseRate: z.union([z.string(), z.number()]).optional() }))
        .max(20)
        .optional(),
    }),
    z.object({ reqIdx: n, memId: s, partnerLevel: s, status: n }),
    'partnerOrAdmin',
  ),
  /**
   * Member signup by a partner under recommenderId (the caller or a partner below it). groupYn Y
   * makes startNum..endNum members (at most 10), the number (two digits below 10) appended to
   * id, nickname and name; group members carry no phone or account number (both are unique per member).
   */
  partnerJoin: call('/api/retail/partnerJoin', z.object({ ...newMember, groupYn: yn.optional(), startNum: field, endNum: field }), z.object({ memIds: z.array(s) }), 'partner'),
  /** Rate bounds for a new partner under memId (default the caller; for the operator the house, 0 to 100). */
  partnerRates: call('/api/admin/partnerRates', z.object({ memId: optText }), z.object({ rateMaxMinList: z.array(rateBound) }), 'partnerOrAdmin'),

  // --- operator
  requestList: call(
    '/api/admin/partnerRequest/list',
    z.object({
      status: z.coerce
        .number()
        .int()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      page,
      count_per_list: perPage(20),
    }),
    listOf(partnerRequestRow),
    'admin',
  ),
  approveRequest: call('/api/admin/partnerRequest/approve', z.object({ reqIdx: z.coerce.number().int().positive() }), z.object({ memId: s }), 'admin'),
  rejectRequest: call('/api/admin/partnerRequest/reject', z.object({ reqIdx: z.coerce.number().int().positive(), memo: optText }), ok, 'admin'),
};
