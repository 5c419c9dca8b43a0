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

// master, group, code, ko, en, vn
const codes: [string, string, string, string, string, string][] = [
  ['kplay', 'casino', 'casino', '라이브카지노', 'Live casino', 'Sòng bài trực tiếp'],
  ['kplay', 'hcasino', 'hcasino', '호텔카지노', 'Hotel casino', 'Sòng bài khách sạn'],
  ['kplay', 'slot', 'slot', '슬롯', 'Slot', 'Slot'],
  ['kplay', 'sport', 'sport', '스포츠', 'Sports', 'Thể thao'],
  ['kplay', 'mini', 'mini', '미니게임', 'Mini game', 'Trò chơi mini'],
  ['bcategory', 'board', 'normal', '일반', 'Normal', 'Thường'],
  ['bcategory', 'board', 'event', '이벤트', 'Event', 'Sự kiện'],
  ['bcategory', 'board', 'notice', '공지', 'Notice', 'Thông báo'],
  ['bcategory', 'board', 'rule', '규정', 'Rule', 'Quy định'],
  ['cash', 'cashType', '1', '입금', 'Deposit', 'Nạp tiền'],
  ['cash', 'cashType', '-1', '출금', 'Withdrawal', 'Rút tiền'],
  ['cash', 'cashType', '2', '관리자 지급', 'Manager payment', 'Quản lý trả'],
  ['cash', 'cashType', '-2', '관리자 회수', 'Manager retrieval', 'Quản lý thu hồi'],
  ['cash', 'cashType', '-3', '보유금 지급', 'Holdings payment', 'Trả tiền giữ'],
  ['cash', 'cashType', '3', '보유금 회수', 'Holdings retrieval', 'Thu hồi tiền giữ'],
  ['cash', 'cashType', '33', '상위 지급', 'Upper payment', 'Cấp trên trả'],
  ['cash', 'cashType', '-33', '상위 회수', 'Upper retrieval', 'Cấp trên thu hồi'],
  ['cash', 'cashType', '4', '포인트 전환', 'Point conversion', 'Đổi điểm'],
  ['cash', 'cashType', '19', '게임머니 전환', 'Game money in', 'Tiền trò chơi vào'],
  ['cash', 'cashType', '-19', '게임머니 이동', 'Game money out', 'Tiền trò chơi ra'],
];

export async function seedCodes(db: Db) {
  await db
    .insertInto('bank')
    .values(banks.map(([bank_code, bank_name_kr, bank_name_en], ord) => ({ bank_code, bank_name_kr, bank_name_en, ord })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('common_code')
    .values(
      codes.map(([master_code, group_code, code, code_name, code_name_en, code_name_vn], ord) => ({
        master_code,
        group_code,
        code,
        code_name,
        code_name_en,
        code_name_vn,
        ord,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
