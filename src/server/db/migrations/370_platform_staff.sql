-- Platform staff: the owner invites each by a one-time link (only its sha-256 kept; single use,
-- 72 hours). The link carries the authenticator enrolment the new account confirms, like the setup link.
create table platform_staff_invite (
  id              bigserial primary key,
  token_hash      text not null unique,
  pending_secret  text not null,            -- the TOTP secret the join screen shows, sealed
  created_by      bigint not null references platform_account(id),
  expires_at      timestamptz not null,
  used_at         timestamptz,
  created_at      timestamptz not null default now()
);

-- a removed account keeps its row (the audit chain names it, its id stays taken) and never signs in again
alter table platform_account add column removed_at timestamptz;
