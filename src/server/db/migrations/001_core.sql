-- Sites, members, the partner hierarchy, sessions and their logs.
create table site (
  id           text primary key,
  prefix       text not null unique,
  name         text not null,
  api_key      text not null unique,       -- public per site: the app fetches it by prefix
  vendor       text not null default 'own',
  cash_decimal integer not null default 1,
  languages    text not null default 'ko,en,vn',
  options      jsonb not null default '{}'::jsonb,
  check_start  timestamptz,
  check_end    timestamptz,
  created_at   timestamptz not null default now()
);

create table member (
  id                 bigserial primary key,
  site_id            text not null references site(id),
  mem_id             text not null,
  pass_hash          text not null,
  cash_out_pass_hash text,
  mem_nick           text not null,
  mem_name           text,
  mem_phone          text,
  bank               text,
  bank_acc           text,
  partner_level      text not null check (partner_level in ('PTN_1','PTN_2','PTN_3','PTN_4','PTN_5','PTN_6','PTN_7','NORMAL')),
  login_type         text not null check (login_type in ('NORMAL','PARTNER','P_NORMAL','ADMIN','HOUSE')),
  parent_id          bigint references member(id),
  status             text not null default 'ACTIVE' check (status in ('ACTIVE','PENDING','SUSPENDED')),
  login_yn           char(1) not null default 'Y' check (login_yn in ('Y','N')),
  out_amt_yn         char(1) not null default 'Y' check (out_amt_yn in ('Y','N')),
  cash_amt           bigint not null default 0,
  point_amt          bigint not null default 0,
  game_amt           bigint not null default 0,
  failed_logins      integer not null default 0,
  last_login_at      timestamptz,
  last_login_ip      text,
  login_count        integer not null default 0,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  unique (site_id, mem_id),
  unique (site_id, mem_nick),
  -- the house account is the only one that may go below zero: it is the outside world's mirror
  check (login_type = 'HOUSE' or (cash_amt >= 0 and point_amt >= 0 and game_amt >= 0))
);
create index member_parent_idx on member(parent_id);
create unique index member_phone_uq on member(site_id, mem_phone) where mem_phone is not null and mem_phone <> '';
create unique index member_bank_acc_uq on member(site_id, bank_acc) where bank_acc is not null and bank_acc <> '';

-- Closure table: one row per (ancestor, descendant) including self at depth 0.
create table member_path (
  ancestor_id   bigint not null references member(id),
  descendant_id bigint not null references member(id),
  depth         integer not null,
  primary key (ancestor_id, descendant_id)
);
create index member_path_desc_idx on member_path(descendant_id, depth);

create table session (
  id          bigserial primary key,
  site_id     text not null references site(id),
  member_id   bigint not null references member(id),
  token_hash  text not null unique,
  ip          text,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  ended_at    timestamptz,
  end_reason  text
);
create index session_member_idx on session(member_id) where ended_at is null;

create table captcha (
  id          text primary key,
  site_id     text not null references site(id),
  answer_hash text not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index captcha_site_idx on captcha(site_id);

create table login_log (
  id          bigserial primary key,
  site_id     text not null references site(id),
  member_id   bigint not null references member(id),
  access_ip   text,
  access_date timestamptz not null default now()
);
create index login_log_member_idx on login_log(member_id, access_date desc);

create table common_code (
  master_code  text not null,
  group_code   text not null,
  code         text not null,
  code_name    text not null,
  code_name_en text not null,
  code_name_vn text not null,
  ord          integer not null default 0,
  primary key (master_code, group_code, code)
);

create table bank (
  bank_code    text primary key,
  bank_name_kr text not null,
  bank_name_en text not null,
  ord          integer not null default 0
);
