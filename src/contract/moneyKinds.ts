// Cash and point kinds as the product codes them: their own module, so the first screen,
// which uses none, does not carry them.

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
  /** a coupon's face value leaves its issuer for the site's coupon reserve (both sides) */
  couponIssue: -5,
  /** an expired coupon's amount goes back to its issuer (both sides) */
  couponReturn: 5,
  /** a redeemed coupon: the member's side, and the reserve's */
  couponCash: 55,
  couponPayout: -55,
} as const;
export type CashType = (typeof cashTypes)[keyof typeof cashTypes];

/** The player's side of a seamless game's cash movements (the game's own wallet calls). */
export const walletTypes = { bet: 10, win: 11, rollback: 12 } as const;
export type WalletType = (typeof walletTypes)[keyof typeof walletTypes];

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
export type PointType = (typeof pointTypes)[keyof typeof pointTypes];
export type CashStatus = (typeof cashStatus)[keyof typeof cashStatus];

/** Every code in the order the product lists them. */
export const cashTypeCodes = Object.values(cashTypes);
export const pointTypeCodes = Object.values(pointTypes);
