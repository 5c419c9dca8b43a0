-- When the accrual step last ran, on any instance: each instance's timer skips a tick that comes
-- sooner than its period after the last batch, so the instances together apply about one batch a
-- period, as one instance does, instead of one each (smaller batches, more statements and CASH
-- pushes per credit).
create table if not exists accrual_clock (
  id boolean primary key default true check (id),
  ran_at timestamptz not null
);
insert into accrual_clock (id, ran_at) values (true, '-infinity') on conflict do nothing;
