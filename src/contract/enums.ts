import type { CashStatus, CashType, PointType } from './moneyKinds.js';
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

/**
 * The code catalogue: the Korean names the wire carries beside the codes (typeDesc, codeName,
 * partnerLevelName...). Clients label by code in their own language and never show these or an
 * enum name; a code missing here is a type error.
 */
export const codeNames = {
  cashType: {
    1: '입금',
    [-1]: '출금',
    2: '관리자 지급',
    [-2]: '관리자 회수',
    [-3]: '보유금 지급',
    3: '보유금 회수',
    33: '상위 지급',
    [-33]: '상위 회수',
    4: '포인트 전환',
    19: '게임머니 전환',
    [-19]: '게임머니 이동',
    [-5]: '쿠폰 발행',
    5: '쿠폰 만료 반환',
    55: '쿠폰 사용',
    [-55]: '쿠폰 지급',
  } satisfies Record<CashType, string>,
  pointType: {
    2: '관리자 지급',
    [-2]: '관리자 회수',
    3: '롤링',
    [-4]: '포인트 전환',
    5: '가입 첫충 이벤트',
    6: '매일 첫충 이벤트',
    7: '매충 이벤트',
  } satisfies Record<PointType, string>,
  cashStatus: { 0: '신청', 2: '대기', 1: '완료', [-1]: '취소' } satisfies Record<CashStatus, string>,
  partnerLevel: {
    PTN_1: '대표',
    PTN_2: '본사',
    PTN_3: '부본사',
    PTN_4: '총판',
    PTN_5: '매장',
    PTN_6: '지점',
    PTN_7: '팀',
    NORMAL: '회원',
  } satisfies Record<PartnerLevel, string>,
} as const;

/** The Korean name of a code, the code itself when the catalogue has none. */
export function codeName(kind: keyof typeof codeNames, code: number | string): string {
  const names: Record<string | number, string> = codeNames[kind];
  return names[code] ?? String(code);
}

export const languages = ['ko', 'en', 'vn'] as const;
export type Language = (typeof languages)[number];
/** The contract's `vn` is BCP-47 `vi` for Intl and Lingui. */
export const localeOf = (lang: Language): string => (lang === 'vn' ? 'vi' : lang);

/**
 * ADMIN_PENDING goes to the site's operators only: data1 the queue that changed, data2 the pending counts as JSON (contract/admin adminPending).
 * COUPON: new coupons arrived; data1 the open coupons now, data2 the face value of one new coupon.
 */
export const liveEventTypes = ['CASH', 'MSG', 'ANSWER_CMT', 'INSPECT', 'LOGOUT', 'LOCK_BET_YN', 'ADMIN_PENDING', 'COUPON'] as const;
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
  /** the operator's account: wrong passwords from untrusted devices set its lock at most once in this many hours */
  operatorLockWindowHours: 24,
  captchaLength: 4,
  defaultPageSize: 10,
  partnerPageSize: 40,
  pointConversionMin: 10_000,
  /** quick-add buttons: deposits and withdrawals, point conversion, partner and operator gives */
  quickAmounts: [10_000, 30_000, 50_000, 100_000, 300_000, 500_000, 1_000_000],
  pointQuickAmounts: [10_000, 30_000, 50_000, 100_000, 300_000, 500_000],
  betQuickAmounts: [1_000, 5_000, 10_000, 50_000],
  payQuickAmounts: [1_000, 5_000, 10_000, 50_000, 100_000, 1_000_000, 5_000_000],
  /** the inbox keeps a member's messages this many days after sending, and at most this many, newest first */
  messageKeepDays: 30,
  messageKeepCount: 100,
} as const;
