-- Temporary password lock: while locked_until is in the future the login answers U003.
alter table member add column locked_until timestamptz;
-- Withdrawal-password tries: a few wrong ones lock withdrawals until out_locked_until.
alter table member add column out_pass_fails integer not null default 0;
alter table member add column out_locked_until timestamptz;

-- Addresses (single or CIDR) the operator refuses at login.
create table ip_block (
  site_id    text not null references site(id),
  ip         text not null,
  created_by bigint references member(id),
  created_at timestamptz not null default now(),
  primary key (site_id, ip)
);
create index ip_block_created_by_idx on ip_block(created_by);

-- Every operator action: who, what, on whom, the values before and after, from where, when.
create table audit_log (
  id         bigserial primary key,
  site_id    text not null references site(id),
  actor_id   bigint references member(id),
  actor      text not null,
  action     text not null,
  target     text,
  before     jsonb,
  after      jsonb,
  ip         text,
  at         timestamptz not null default now()
);
create index audit_log_site_idx on audit_log(site_id, id desc);
create index audit_log_actor_idx on audit_log(actor_id);
