-- A game's and a vendor's display name per language, keyed by locale (ko, en, vi) as vendors
-- ship them; `name` stays the vendor's own name and the fallback for a language not given.
alter table vendor add column if not exists names jsonb not null default '{}';
alter table game add column if not exists names jsonb not null default '{}';

-- the built-in demo catalogue (src/server/vendors/catalog.ts) on sites that already have it
update vendor v set names = n.names::jsonb
from (values
  ('demo-live', '{"ko":"피트보스 라이브","en":"Pitboss Live","vi":"Pitboss Live"}'),
  ('demo-hotel', '{"ko":"피트보스 호텔","en":"Pitboss Hotel","vi":"Pitboss Hotel"}'),
  ('demo-slot', '{"ko":"피트보스 슬롯","en":"Pitboss Slots","vi":"Pitboss Slots"}'),
  ('demo-sports', '{"ko":"피트보스 스포츠","en":"Pitboss Sports","vi":"Pitboss Sports"}'),
  ('demo-mini', '{"ko":"피트보스 미니","en":"Pitboss Mini","vi":"Pitboss Mini"}')
) as n(code, names)
where v.code = n.code and v.names = '{}';

update game g set names = n.names::jsonb
from vendor v, (values
  ('demo-live', 'baccarat-a', '{"ko":"바카라 A","en":"Baccarat A","vi":"Baccarat A"}'),
  ('demo-live', 'speed-baccarat', '{"ko":"스피드 바카라","en":"Speed Baccarat","vi":"Baccarat Tốc Độ"}'),
  ('demo-hotel', 'hotel-baccarat', '{"ko":"호텔 바카라","en":"Hotel Baccarat","vi":"Baccarat Khách Sạn"}'),
  ('demo-slot', 'lucky-sevens', '{"ko":"럭키 세븐","en":"Lucky Sevens","vi":"Số 7 May Mắn"}'),
  ('demo-slot', 'cherry-rush', '{"ko":"체리 러시","en":"Cherry Rush","vi":"Cơn Sốt Anh Đào"}'),
  ('demo-sports', 'sportsbook', '{"ko":"스포츠북","en":"Sportsbook","vi":"Cá Cược Thể Thao"}'),
  ('demo-mini', 'odd-even', '{"ko":"홀짝","en":"Odd Even","vi":"Chẵn Lẻ"}')
) as n(vendor, code, names)
where g.vendor_id = v.id and v.code = n.vendor and g.code = n.code and g.names = '{}';
