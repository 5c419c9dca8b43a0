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

-- Direct children and "whole subtree but not self" both read member_path by (ancestor, depth).
create index member_path_anc_depth_idx on member_path(ancestor_id, depth, descendant_id);
-- Newest-first pages of a big subtree walk members by join time and probe the closure key.
create index member_site_created_idx on member(site_id, created_at desc, id desc);
-- Online lists: open sessions by member.
create index session_open_idx on session(member_id, expires_at) where ended_at is null;
