/** Partner levels, top first; NORMAL is a plain member. Order 1..8 as the product ranks them. */
export const partnerLevels = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7', 'NORMAL'] as const;
export type PartnerLevel = (typeof partnerLevels)[number];
export const levelOrder = (level: PartnerLevel | string): number => {
  const i = partnerLevels.indexOf(level as PartnerLevel);
  return i < 0 ? 8 : i + 1;
};

/** Login types: players are NORMAL, partners PARTNER, partner-members P_NORMAL, the site operator ADMIN. */
export const loginTypes = ['NORMAL', 'PARTNER', 'P_NORMAL', 'ADMIN'] as const;
export type LoginType = (typeof loginTypes)[number];
export const isPartnerLogin = (t: string | undefined | null) => t === 'PARTNER' || t === 'P_NORMAL';

/** Cash transaction types as the product codes them. */
export const cashTypes = {
  deposit: 1,
  withdrawal: -1,
  adminGrant: 2,
  adminRecovery: -2,
  holdingsGrant: -3,
  holdingsRecovery: 3,
  upperGrant: 33,
  upperRecovery: -33,
  pointConversion: 4,
  gameIn: 19,
  gameOut: -19,
} as const;
export type CashType = (typeof cashTypes)[keyof typeof cashTypes];

/** Cash request statuses: 0 applied, 2 waiting, 1 complete, -1 cancelled/rejected. */
export const cashStatus = { applied: 0, waiting: 2, complete: 1, cancelled: -1 } as const;

/** Point types as the product codes them. */
export const pointTypes = {
  managerPay: 2,
  managerRetrieval: -2,
  rolling: 3,
  conversion: -4,
  signupFirstDeposit: 5,
  dailyFirstDeposit: 6,
  everyDeposit: 7,
} as const;

export const languages = ['ko', 'en', 'vn'] as const;
export type Language = (typeof languages)[number];
/** The contract's `vn` is BCP-47 `vi` for Intl and Lingui. */
export const localeOf = (lang: Language): string => (lang === 'vn' ? 'vi' : lang);

/** ADMIN_PENDING goes to the site's operators only: data1 the queue that changed, data2 the pending counts as JSON (contract/admin adminPending). */
export const liveEventTypes = ['CASH', 'MSG', 'ANSWER_CMT', 'INSPECT', 'LOGOUT', 'LOCK_BET_YN', 'ADMIN_PENDING'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
export interface LiveEvent {
  type: LiveEventType;
  data1?: string | number | null;
  data2?: string | number | null;
}

/** Constants from the product spec. */
export const limits = {
  sessionMinutes: 240,
  refreshWhenMinutesLeft: 5,
  sessionCheckSeconds: 5,
  maxWrongPasswords: 8,
  captchaLength: 4,
  defaultPageSize: 10,
  partnerPageSize: 40,
  pointConversionMin: 10_000,
  quickAmounts: [10_000, 30_000, 50_000, 100_000, 300_000, 500_000, 1_000_000],
  payQuickAmounts: [1_000, 5_000, 10_000, 50_000, 100_000, 1_000_000, 5_000_000],
  /** the inbox keeps a member's messages this many days after sending, and at most this many, newest first */
  messageKeepDays: 30,
  messageKeepCount: 100,
} as const;
