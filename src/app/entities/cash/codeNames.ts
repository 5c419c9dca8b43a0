import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CashStatus, CashType, PointType, WalletType } from '../../../contract/moneyKinds';

/**
 * Labels of the contract's code catalogue, keyed by code and translated; every code the contract
 * lists must have one (a missing label is a type error), an unknown code shows as itself.
 */
const cashTypeLabels = {
  1: msg`입금`,
  [-1]: msg`출금`,
  2: msg`관리자 지급`,
  [-2]: msg`관리자 회수`,
  [-3]: msg`보유금 지급`,
  3: msg`보유금 회수`,
  33: msg`상위 지급`,
  [-33]: msg`상위 회수`,
  4: msg`포인트 전환`,
  19: msg`게임머니 전환`,
  [-19]: msg`게임머니 이동`,
  [-5]: msg`쿠폰 발행`,
  5: msg`쿠폰 만료 반환`,
  55: msg`쿠폰 사용`,
  [-55]: msg`쿠폰 지급`,
  10: msg`베팅`,
  11: msg`당첨`,
  12: msg`베팅 취소`,
} satisfies Record<CashType | WalletType, MessageDescriptor>;

const pointTypeLabels = {
  2: msg`관리자 지급`,
  [-2]: msg`관리자 회수`,
  3: msg`롤링`,
  [-4]: msg`포인트 전환`,
  5: msg`가입 첫충 이벤트`,
  6: msg`매일 첫충 이벤트`,
  7: msg`매충 이벤트`,
} satisfies Record<PointType, MessageDescriptor>;

const statusLabels = { 0: msg`신청`, 2: msg`대기`, 1: msg`완료`, [-1]: msg`취소` } satisfies Record<CashStatus, MessageDescriptor>;

/** Where a money-history row stands (moveRow.state). */
const moveStateLabels = { pending: msg`처리 중`, done: msg`완료`, cancelled: msg`취소`, rejected: msg`거절` } as const;

function label(labels: Record<string | number, MessageDescriptor>, code: string | number): string {
  const d = labels[code];
  return d ? i18n._(d) : String(code);
}

export const cashTypeName = (code: number | string) => label(cashTypeLabels, Number(code));
export const pointTypeName = (code: number | string) => label(pointTypeLabels, Number(code));
/** Cash request statuses: 0 applied, 2 waiting, 1 complete, -1 cancelled. */
export const requestStatusName = (status: number) => label(statusLabels, status);

export const moveStateName = (state: keyof typeof moveStateLabels) => label(moveStateLabels, state);

/** A bank's name from its code or its Korean name (members hold either: the seed codes, the forms Korean names). */
export function bankName(bank: string): string {
  switch (bank) {
    case 'KB':
    case '국민은행':
      return i18n._(msg`국민은행`);
    case 'SHINHAN':
    case '신한은행':
      return i18n._(msg`신한은행`);
    case 'WOORI':
    case '우리은행':
      return i18n._(msg`우리은행`);
    case 'HANA':
    case '하나은행':
      return i18n._(msg`하나은행`);
    case 'NH':
    case '농협은행':
      return i18n._(msg`농협은행`);
    case 'IBK':
    case '기업은행':
      return i18n._(msg`기업은행`);
    case 'KAKAO':
    case '카카오뱅크':
      return i18n._(msg`카카오뱅크`);
    case 'TOSS':
    case '토스뱅크':
      return i18n._(msg`토스뱅크`);
    default:
      return bank;
  }
}
