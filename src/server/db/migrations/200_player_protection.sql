-- Player protection: limits the player sets on itself, breaks and self-exclusion, reality checks.
-- A limit row holds the value in force and, when the player raised or removed it, the value that
-- replaces it at applies_at (24 hours later); a pending change with applies_at in the past is in
-- force (read through protection_limit_at, folded on the next change).
create table member_limit (
  member_id      bigint not null references member(id),
  site_id        text not null references site(id),
  kind           text not null check (kind in ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month')),
  amount         bigint check (amount > 0),
  pending_amount bigint check (pending_amount > 0),
  applies_at     timestamptz,
  updated_at     timestamptz not null,
  primary key (member_id, kind)
);
create index member_limit_site_idx on member_limit(site_id);

-- Break and self-exclusion end times (only ever pushed later, never cleared early) and the
-- reality-check interval (null: the site's default, 0: off).
create table member_protection (
  member_id       bigint primary key references member(id),
  site_id         text not null references site(id),
  break_until     timestamptz,
  excluded_until  timestamptz,
  reality_minutes integer check (reality_minutes >= 0),
  updated_at      timestamptz not null
);
create index member_protection_site_idx on member_protection(site_id);
