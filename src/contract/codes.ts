/**
 * Result codes. '0' is success; the rest come from the product's error catalogue, plus a few
 * transport/session codes in the same style where the catalogue has none.
 * The message is the server's English resultMessage; clients translate by code (`api.{code}`).
 */
export const resultCodes = {
  '0': 'OK',
  // transport and session (added in the catalogue's style)
  R400: 'Malformed request',
  R413: 'Request body too large',
  R404: 'Unknown call',
  V001: 'Invalid request field',
  S401: 'Missing or wrong site key',
  S404: 'Unknown site',
  S500: 'Server error, please retry',
  TK001: 'Please log in',
  TK002: 'Session expired, please log in again',
  TK999: 'The same id logged in elsewhere',
  A001: 'Not available for this account',
  A002: 'Not in your downline',
  L001: 'Login info is incorrect, please check',
  L002: 'Please check the anti-automatic-input code',
  L003: 'This page is not available for your account',
  // members
  U001: 'Member not found',
  U002: 'Awaiting approval',
  U003: 'Locked after 8 wrong passwords, contact support',
  U004: 'Blocked IP',
  U005: 'Phone number problem',
  U006: 'Bank account problem',
  U010: 'Login not allowed for this account',
  U015: 'Signup unavailable',
  U0011: 'Suspended members cannot deposit or withdraw',
  U101: 'Check the id: letters and digits, 4 to 13 characters',
  U102: 'Check the password: 6 to 20 letters, digits or !@#$%*',
  U103: 'Withdrawal password must be exactly 4 digits',
  U104: 'Check the name',
  U105: 'Nickname must be 3 to 20 characters',
  U106: 'Recommender is required',
  U107: 'Recommender must be an existing partner',
  U108: 'Signup is closed',
  U109: 'Id already in use',
  U110: 'Nickname already in use',
  U111: 'Phone number already in use',
  U112: 'Account number already in use',
  U113: 'Password confirmation does not match',
  U114: 'Check the phone number',
  U115: 'Check the bank name',
  U116: 'Check the account holder',
  U117: 'Check the account number',
  U118: 'Withdrawal password confirmation does not match',
  U119: 'Enter the password',
  // messages
  M001: 'New message',
  M002: 'Unread messages cannot be deleted',
  E001: 'Error, please retry',
  E002: 'Please retry later',
  // bets
  B1001: 'No betting authority',
  B1002: 'Locked member',
  B6000: 'No money',
  B6001: 'Below the minimum bet',
  B6002: 'Above the maximum bet',
  B6003: 'Above the winnings limit',
  B6005: 'Duplicate bet',
  B9999: 'Previous bets are being settled, retry in 30 seconds',
  B0091: 'Game cannot be played, contact support',
  B0092: 'Game cannot be launched, contact support',
  B0093: 'Site under maintenance',
  B0095: 'Partners cannot play',
  B0099: 'No credit',
  // cash
  C001: 'Deposits are closed on this site',
  C002: 'Enter the deposit amount',
  C003: 'A deposit request is already in progress',
  C008: 'Wrong withdrawal password',
  C009: 'Verifying the game has fully ended: wait up to 1 minute and close the game',
  C010: 'Withdrawal password not set',
  C101: 'Above the per-request deposit maximum',
  C102: 'Below the minimum deposit',
  C103: 'Check the amount unit',
  C201: 'Withdrawals are closed on this site',
  C202: 'Exceeds holdings',
  C203: 'Withdrawals are suspended for this member',
  C204: 'Set the withdrawal password',
  C205: 'Check the withdrawal password',
  C206: 'Enter an amount',
  C209: 'A withdrawal request is already in progress',
  C210: 'Bank maintenance 23:30 to 00:30, please retry later',
  C214: 'Below the minimum withdrawal',
  C215: 'Check the amount unit',
  C216: 'Please wait before applying again',
  C301: 'No permission to give',
  C302: 'Invalid give target',
  C303: 'Enter the give amount',
  C401: 'No permission to retrieve',
  C402: 'Invalid retrieve target',
  C403: 'Enter the retrieve amount',
  C501: 'Status change not allowed',
  C502: 'Status change not allowed',
  C503: 'Status change not allowed',
  C601: 'Enter an amount',
  C701: 'Enter an amount',
  C702: 'Retrieve amount cannot exceed the member holdings',
  C099: 'Request refused',
  C999: 'Duplicate request',
  P001: 'Enter the points',
  P002: 'Exceeds point holdings',
  P003: 'Only one conversion per minute',
  P004: 'Below the minimum conversion of 10,000 points',
  P005: 'Cannot convert',
  P009: 'Cannot convert',
  T999: 'Already processed',
  F001: 'Deposit or withdrawal not yet completed',
  NT99: 'Communication delay, retry in 5 seconds',
  TE99: 'Connection delay, retry in 5 seconds and contact support',
} as const;

export type ResultCode = keyof typeof resultCodes;

export class ApiError extends Error {
  constructor(
    readonly code: ResultCode,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? resultCodes[code]);
  }
}

/** Throw a business error from anywhere in the server's domain: becomes `{resultCode, resultMessage}`. */
export function fail(code: ResultCode, message?: string): never {
  throw new ApiError(code, message);
}
