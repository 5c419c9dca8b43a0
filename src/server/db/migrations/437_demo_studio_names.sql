-- The built-in demo vendors were named after the product ("Pitboss Live", "피트보스 라이브"), which put
-- the platform's name on every site's game cards. They are a made-up studio's now; rows a site renamed
-- itself are kept.
update vendor v set name = n.name, names = n.names::jsonb
from (values
  ('demo-live', 'Pitboss Live', 'Aurora Live', '{"ko":"오로라 라이브","en":"Aurora Live","vi":"Aurora Live"}'),
  ('demo-hotel', 'Pitboss Hotel', 'Aurora Hotel', '{"ko":"오로라 호텔","en":"Aurora Hotel","vi":"Aurora Hotel"}'),
  ('demo-slot', 'Pitboss Slots', 'Aurora Slots', '{"ko":"오로라 슬롯","en":"Aurora Slots","vi":"Aurora Slots"}'),
  ('demo-sports', 'Pitboss Sports', 'Aurora Sports', '{"ko":"오로라 스포츠","en":"Aurora Sports","vi":"Aurora Sports"}'),
  ('demo-mini', 'Pitboss Mini', 'Aurora Mini', '{"ko":"오로라 미니","en":"Aurora Mini","vi":"Aurora Mini"}')
) as n(code, old_name, name, names)
where v.code = n.code and v.name = n.old_name;
