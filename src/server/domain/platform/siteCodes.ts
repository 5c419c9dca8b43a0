import { noticeCategories, noticeCategoryNames, type NoticeCategory } from '../../../contract/board.js';
import { codeNames } from '../../../contract/enums.js';
import { gameCategories, gameCategoryNames, type GameCategory } from '../../../contract/gameConcepts.js';
import { cashTypeCodes, type CashType } from '../../../contract/moneyKinds.js';
import type { Db } from '../../db/driver.js';

const banks: [string, string, string][] = [
  ['KB', '국민은행', 'KB Kookmin Bank'],
  ['SHINHAN', '신한은행', 'Shinhan Bank'],
  ['WOORI', '우리은행', 'Woori Bank'],
  ['HANA', '하나은행', 'Hana Bank'],
  ['NH', '농협은행', 'NH Bank'],
  ['IBK', '기업은행', 'IBK Industrial Bank'],
  ['KAKAO', '카카오뱅크', 'Kakao Bank'],
  ['TOSS', '토스뱅크', 'Toss Bank'],
];

type Names = { en: string; vn: string };

// The served table's English and Vietnamese names; the Korean ones and the codes come from the
// contract, so a contract value without a name here is a type error.
const categoryNames = {
  casino: { en: 'Live casino', vn: 'Sòng bài trực tiếp' },
  hcasino: { en: 'Hotel casino', vn: 'Sòng bài khách sạn' },
  slot: { en: 'Slot', vn: 'Slot' },
  sport: { en: 'Sports', vn: 'Thể thao' },
  mini: { en: 'Mini game', vn: 'Trò chơi mini' },
} satisfies Record<GameCategory, Names>;

const noticeNames = {
  normal: { en: 'Normal', vn: 'Thường' },
  event: { en: 'Event', vn: 'Sự kiện' },
  notice: { en: 'Notice', vn: 'Thông báo' },
  rule: { en: 'Rule', vn: 'Quy định' },
} satisfies Record<NoticeCategory, Names>;

const cashTypeNames = {
  1: { en: 'Deposit', vn: 'Nạp tiền' },
  [-1]: { en: 'Withdrawal', vn: 'Rút tiền' },
  2: { en: 'Manager payment', vn: 'Quản lý trả' },
  [-2]: { en: 'Manager retrieval', vn: 'Quản lý thu hồi' },
  [-3]: { en: 'Holdings payment', vn: 'Trả tiền giữ' },
  3: { en: 'Holdings retrieval', vn: 'Thu hồi tiền giữ' },
  33: { en: 'Upper payment', vn: 'Cấp trên trả' },
  [-33]: { en: 'Upper retrieval', vn: 'Cấp trên thu hồi' },
  4: { en: 'Point conversion', vn: 'Đổi điểm' },
  19: { en: 'Game money in', vn: 'Tiền trò chơi vào' },
  [-19]: { en: 'Game money out', vn: 'Tiền trò chơi ra' },
  [-5]: { en: 'Coupon issue', vn: 'Phát hành phiếu' },
  5: { en: 'Coupon expiry return', vn: 'Hoàn phiếu hết hạn' },
  55: { en: 'Coupon used', vn: 'Dùng phiếu' },
  [-55]: { en: 'Coupon payout', vn: 'Chi trả phiếu' },
} satisfies Record<CashType, Names>;

export interface CodeRow {
  master_code: string;
  group_code: string;
  code: string;
  code_name: string;
  code_name_en: string;
  code_name_vn: string;
  ord: number;
}

/**
 * The served code table (common_code), in the contract's order: game categories, notice
 * categories, cash types. `ord` is the row's place in the whole table, as seeded from the start.
 */
export const siteCodes: CodeRow[] = [
  ...gameCategories.map((c) => ({ master_code: 'kplay', group_code: c, code: c, ko: gameCategoryNames[c], ...categoryNames[c] })),
  ...noticeCategories.map((c) => ({ master_code: 'bcategory', group_code: 'board', code: c, ko: noticeCategoryNames[c], ...noticeNames[c] })),
  ...cashTypeCodes.map((c) => ({ master_code: 'cash', group_code: 'cashType', code: String(c), ko: codeNames.cashType[c], ...cashTypeNames[c] })),
].map(({ ko, en, vn, ...r }, ord) => ({ ...r, code_name: ko, code_name_en: en, code_name_vn: vn, ord }));

export async function seedCodes(db: Db) {
  await db
    .insertInto('bank')
    .values(banks.map(([bank_code, bank_name_kr, bank_name_en], ord) => ({ bank_code, bank_name_kr, bank_name_en, ord })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('common_code')
    .values(siteCodes)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The served code table, filtered by any of master, group and code, by group then place. */
export async function readCodes(db: Db, f: { masterCode?: string; groupCode?: string; code?: string }) {
  let q = db.selectFrom('common_code').selectAll().orderBy('group_code').orderBy('ord');
  if (f.masterCode) q = q.where('master_code', '=', f.masterCode);
  if (f.groupCode) q = q.where('group_code', '=', f.groupCode);
  if (f.code) q = q.where('code', '=', f.code);
  return (await q.execute()).map((r) => ({
    code: r.code,
    codeName: r.code_name,
    codeNameEN: r.code_name_en,
    codeNameVN: r.code_name_vn,
    groupCode: r.group_code,
    groupCodeNameEN: r.group_code,
    ord: r.ord,
  }));
}

/** The banks a member may name, in their listed order. */
export async function readBanks(db: Db) {
  return (await db.selectFrom('bank').selectAll().orderBy('ord').execute()).map((b) => ({ bankCode: b.bank_code, bankNameKr: b.bank_name_kr, bankNameEn: b.bank_name_en }));
}
