import { t } from '@lingui/core/macro';

/** Display names of the product's codes, translated (the server's own names are Korean only). */
export function cashTypeName(code: number | string): string {
  switch (Number(code)) {
    case 1: return t`입금`;
    case -1: return t`출금`;
    case 2: return t`관리자 지급`;
    case -2: return t`관리자 회수`;
    case -3: return t`보유금 지급`;
    case 3: return t`보유금 회수`;
    case 33: return t`상위 지급`;
    case -33: return t`상위 회수`;
    case 4: return t`포인트 전환`;
    case 19: return t`게임머니 전환`;
    case -19: return t`게임머니 이동`;
    default: return String(code);
  }
}

export const cashTypeCodes = [1, -1, 2, -2, -3, 3, 33, -33, 4, 19, -19] as const;

export function pointTypeName(code: number | string): string {
  switch (Number(code)) {
    case 2: return t`관리자 지급`;
    case -2: return t`관리자 회수`;
    case 3: return t`롤링`;
    case -4: return t`포인트 전환`;
    case 5: return t`가입 첫충 이벤트`;
    case 6: return t`매일 첫충 이벤트`;
    case 7: return t`매충 이벤트`;
    default: return String(code);
  }
}

export const pointTypeCodes = [2, -2, 3, -4, 5, 6, 7] as const;

/** Cash request statuses: 0 applied, 2 waiting, 1 complete, -1 cancelled. */
export function requestStatusName(status: number): string {
  switch (status) {
    case 0: return t`신청`;
    case 2: return t`대기`;
    case 1: return t`완료`;
    case -1: return t`취소`;
    default: return String(status);
  }
}

export const partnerLevels = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7', 'NORMAL'] as const;

export function partnerLevelName(level: string): string {
  switch (level) {
    case 'PTN_1': return t`대표`;
    case 'PTN_2': return t`본사`;
    case 'PTN_3': return t`부본사`;
    case 'PTN_4': return t`총판`;
    case 'PTN_5': return t`매장`;
    case 'PTN_6': return t`지사`;
    case 'PTN_7': return t`팀`;
    default: return t`회원`;
  }
}

/** A bank's name from its code or its Korean name (members hold either: the seed codes, the forms Korean names). */
export function bankName(bank: string): string {
  switch (bank) {
    case 'KB': case '국민은행': return t`국민은행`;
    case 'SHINHAN': case '신한은행': return t`신한은행`;
    case 'WOORI': case '우리은행': return t`우리은행`;
    case 'HANA': case '하나은행': return t`하나은행`;
    case 'NH': case '농협은행': return t`농협은행`;
    case 'IBK': case '기업은행': return t`기업은행`;
    case 'KAKAO': case '카카오뱅크': return t`카카오뱅크`;
    case 'TOSS': case '토스뱅크': return t`토스뱅크`;
    default: return bank;
  }
}
