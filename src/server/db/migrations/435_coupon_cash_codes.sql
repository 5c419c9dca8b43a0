-- The served code table lacked the four coupon cash types; a database seeded before they were
-- added gets them here (a fresh one gets them from the seed, built from the contract's list).
insert into common_code (master_code, group_code, code, code_name, code_name_en, code_name_vn, ord)
select v.master_code, v.group_code, v.code, v.code_name, v.code_name_en, v.code_name_vn, v.ord
from (values
  ('cash', 'cashType', '-5', '쿠폰 발행', 'Coupon issue', 'Phát hành phiếu', 20),
  ('cash', 'cashType', '5', '쿠폰 만료 반환', 'Coupon expiry return', 'Hoàn phiếu hết hạn', 21),
  ('cash', 'cashType', '55', '쿠폰 사용', 'Coupon used', 'Dùng phiếu', 22),
  ('cash', 'cashType', '-55', '쿠폰 지급', 'Coupon payout', 'Chi trả phiếu', 23)
) as v(master_code, group_code, code, code_name, code_name_en, code_name_vn, ord)
where exists (select 1 from common_code where master_code = 'cash')
on conflict do nothing;
