-- Two-factor sign-in (TOTP, RFC 6238). The shared secret is kept encrypted (AES-256-GCM under a
-- server secret) and never leaves the server after enrolment. `pending_secret` holds the secret
-- of an enrolment not yet confirmed with a code; `last_step` is the last time step a code was
-- accepted for, so the same code cannot be used twice.
create table member_totp (
  member_id      bigint primary key references member(id) on delete cascade,
  site_id        text not null references site(id),
  secret         text,
  pending_secret text,
  enabled_at     timestamptz,
  last_step      bigint not null default 0
);
create index member_totp_site_idx on member_totp(site_id);

-- Single-use recovery codes, stored as sha-256 of the code (80 random bits each).
create table totp_recovery (
  id        bigserial primary key,
  member_id bigint not null references member(id) on delete cascade,
  code_hash text not null,
  used_at   timestamptz
);
create index totp_recovery_member_idx on totp_recovery(member_id);

-- The short-lived ticket between a right password and the second step of a login:
-- 'code' asks for a code, 'enrol' lets an operator who must use two-factor enrol first.
create table login_ticket (
  ticket_hash text primary key,
  site_id     text not null references site(id),
  member_id   bigint not null references member(id) on delete cascade,
  purpose     text not null check (purpose in ('code', 'enrol')),
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index login_ticket_member_idx on login_ticket(member_id);
