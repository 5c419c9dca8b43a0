-- Live pushes due later (a maintenance window that starts in the future sends INSPECT Y at its
-- start): stored so they survive a restart, fired once across instances by claiming fired_at.
create table scheduled_push (
  id         bigserial primary key,
  site_id    text not null references site(id),
  kind       text not null check (kind in ('INSPECT')),
  fire_at    timestamptz not null,
  fired_at   timestamptz,
  created_at timestamptz not null default now()
);
create index scheduled_push_due_idx on scheduled_push(fire_at) where fired_at is null;
create index scheduled_push_site_idx on scheduled_push(site_id);
