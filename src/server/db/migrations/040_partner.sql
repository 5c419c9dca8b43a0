-- Partner back-office: lower-partner creation requests and the indexes the downline lists page on.

-- A partner asks for a lower partner; the operator approves (member created) or rejects.
-- Statuses: 0 waiting, 1 approved, -1 rejected. Passwords are kept hashed only.
create table partner_request (
  id                 bigserial primary key,
  site_id            text not null references site(id),
  requested_by       bigint not null references member(id),
  parent_id          bigint not null references member(id),
  mem_id             text not null,
  pass_hash          text not null,
  cash_out_pass_hash text not null,
  mem_nick           text not null,
  mem_name           text not null,
  mem_phone          text not null,
  bank               text not null,
  bank_acc           text not null,
  partner_level      text not null check (partner_level in ('PTN_2','PTN_3','PTN_4','PTN_5','PTN_6','PTN_7')),
  rates              jsonb not null default '[]'::jsonb,
  status             integer not null default 0 check (status in (0, 1, -1)),
  processed_by       bigint references member(id),
  member_id          bigint references member(id),
  memo               text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
create index partner_request_site_idx on partner_request(site_id, status, created_at desc);
create index partner_request_requested_by_idx on partner_request(requested_by);
create index partner_request_parent_idx on partner_request(parent_id);
create index partner_request_processed_idx on partner_request(processed_by);
create index partner_request_member_idx on partner_request(member_id);
-- one waiting request per id, whatever the races
create unique index partner_request_open_uq on partner_request(site_id, lower(mem_id)) where status = 0;

-- Head count below each member per level, kept by the closure inserts themselves, so a list's
-- total over a subtree of any size is a few rows. Members are never deleted, moved or re-levelled.
create table member_subtree (
  ancestor_id   bigint not null references member(id),
  partner_level text not null,
  cnt           bigint not null,
  primary key (ancestor_id, partner_level)
);

-- kept by the trigger of src/server/db/functions/member_subtree_count.sql
insert into member_subtree (ancestor_id, partner_level, cnt)
select p.ancestor_id, m.partner_level, count(*)
from member_path p join member m on m.id = p.descendant_id
where p.depth > 0
group by p.ancestor_id, m.partner_level;

-- Pages of a big subtree walk members in the asked order and probe the closure key: newest
-- first, by id (the unique (site_id, mem_id) index), by cash, by points.
create index member_site_created_idx on member(site_id, created_at desc, id desc);
create index member_site_cash_idx on member(site_id, cash_amt desc, id desc);
create index member_site_point_idx on member(site_id, point_amt desc, id desc);
-- Id search is a case-insensitive prefix match: an index range, whatever the subtree's size.
create index member_site_lower_id_idx on member(site_id, lower(mem_id) text_pattern_ops);
-- Partners are few: per-level head counts of a subtree start from them.
create index member_site_partner_idx on member(site_id, partner_level) where partner_level <> 'NORMAL';
-- Online lists: open sessions by member.
create index session_open_idx on session(member_id, expires_at) where ended_at is null;
