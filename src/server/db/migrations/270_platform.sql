-- The platform: the accounts above every site (owner and staff), kept apart from any site's members.
create table platform_account (
  id            bigserial primary key,
  login_id      text not null unique,
  pass_hash     text not null,
  role          text not null check (role in ('owner', 'staff')),
  totp_secret   text not null,              -- sealed (AES-256-GCM), like member_totp.secret
  totp_step     bigint not null default 0,  -- the last code's time step: a code is used once
  failed        integer not null default 0,
  locked_until  timestamptz,
  created_at    timestamptz not null default now()
);
-- one owner at most
create unique index platform_account_one_owner on platform_account(role) where role = 'owner';

create table platform_recovery (
  id          bigserial primary key,
  account_id  bigint not null references platform_account(id) on delete cascade,
  code_hash   text not null,
  used_at     timestamptz
);
create index platform_recovery_account_idx on platform_recovery(account_id);

-- The first start's setup link: only its sha-256 is kept; single use, one hour; a start replaces it.
create table platform_setup (
  token_hash      text primary key,
  pending_secret  text not null,            -- the TOTP secret the setup screen shows, sealed
  expires_at      timestamptz not null,
  used_at         timestamptz
);

create table platform_session (
  id          bigserial primary key,
  account_id  bigint not null references platform_account(id) on delete cascade,
  token_hash  text not null unique,
  ip          text,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  ended_at    timestamptz
);

-- the console's path and the server's own words are never a site's prefix
alter table site add constraint site_prefix_reserved check (prefix not in ('platform', 'admin', 'api', 'ws', 'assets', 'icons'));
