-- The month partitions of bet, ledger_entry and wallet_tx (migration 230_history_partitions.sql):
-- made ahead by history_upkeep (at start-up and once a day), detached for archive by history_detach.
-- A month is a Korea-time month, named YYYY-MM; its partitions are <table>_YYYY_MM.

-- Makes the partitions of every month from p_from's to p_to's that has none yet, moving into each
-- the rows the default partition took for it (a write never waits for upkeep). Answers how many
-- partitions it made. A partition is made apart and attached (the parent then takes only a
-- SHARE UPDATE EXCLUSIVE lock, which writers and readers pass; the default partition is locked
-- while it is checked); it waits at most lock_timeout for busy tables and fails, changing nothing,
-- so a busy minute delays a month, never a movement. Serialised across instances by an advisory lock.
create or replace function history_months(p_from timestamptz, p_to timestamptz) returns integer language plpgsql as $$
declare
  t text;
  m date := date_trunc('month', p_from at time zone 'Asia/Seoul')::date;
  last date := date_trunc('month', p_to at time zone 'Asia/Seoul')::date;
  part text;
  lo text;
  hi text;
  made integer := 0;
begin
  perform pg_advisory_xact_lock(7247002);
  perform set_config('lock_timeout', '500ms', true);
  while m <= last loop
    lo := m::text || ' 00:00:00+09';
    hi := (m + interval '1 month')::date::text || ' 00:00:00+09';
    foreach t in array array['bet', 'ledger_entry', 'wallet_tx'] loop
      part := t || to_char(m, '_YYYY_MM');
      continue when to_regclass(part) is not null;
      -- an archived month stays archived: its late rows stay in the default partition
      continue when exists (select 1 from history_archive where month = to_char(m, 'YYYY-MM'));
      execute format('create table %I (like %I including defaults including constraints)', part, t);
      execute format('with d as (delete from %I where created_at >= %L and created_at < %L returning *) insert into %I select * from d', t || '_default', lo, hi, part);
      execute format('alter table %I attach partition %I for values from (%L) to (%L)', t, part, lo, hi);
      made := made + 1;
    end loop;
    m := (m + interval '1 month')::date;
  end loop;
  return made;
end $$;

-- Upkeep: last month through two months ahead of p_at (the server's clock).
create or replace function history_upkeep(p_at timestamptz) returns integer language sql as $$
  select history_months(p_at - interval '1 month', p_at + interval '2 months')
$$;

-- Detaches one past month ('2026-01') of all three tables for archive: the partitions become plain
-- tables bet_2026_01, ledger_entry_2026_01, wallet_tx_2026_01 to dump and drop (docs/scaling.md).
-- The month's ledger sums per account stay in ledger_archive, so the ledger check and the balance
-- rebuild still count them. Refused (an exception, nothing changed) unless the month is over, none
-- of its bets is open, none of its ledger sides is still pending, and no account has an entry of
-- another month written between two of its entries of this month (its chain of before/after then
-- resumes after the archived run with the run's sum; ledgerCheck.ts). The vendor transaction ids
-- stay in wallet_tx_key, so a replayed id is still never applied twice.
create or replace function history_detach(p_month text, p_at timestamptz default now()) returns jsonb language plpgsql as $$
declare
  m date;
  lo timestamptz;
  hi timestamptz;
  t text;
  n jsonb := '{}';
  c bigint;
begin
  if p_month !~ '^\d{4}-(0[1-9]|1[0-2])$' then raise exception 'history_detach: month % is not YYYY-MM', p_month; end if;
  m := (p_month || '-01')::date;
  lo := (m::text || ' 00:00:00+09')::timestamptz;
  hi := ((m + interval '1 month')::date::text || ' 00:00:00+09')::timestamptz;
  if hi > p_at then raise exception 'history_detach: month % is not over', p_month; end if;
  if exists (select 1 from history_archive where month = p_month) then raise exception 'history_detach: month % is archived already', p_month; end if;
  -- its rows, wherever they are (the default partition's move into the month's own)
  perform history_months(lo, lo);
  if exists (select 1 from bet where created_at >= lo and created_at < hi and status = 'wait') then
    raise exception 'history_detach: month % has open bets', p_month;
  end if;
  if exists (select 1 from ledger_pending where created_at < hi) then
    raise exception 'history_detach: month % has ledger sides not yet applied', p_month;
  end if;
  create temp table history_runs on commit drop as
    select site_id, member_id, kind, count(*) as entries, sum(amount) as amount, min(id) as min_id, max(id) as max_id
    from ledger_entry where created_at >= lo and created_at < hi group by site_id, member_id, kind;
  if exists (select 1 from history_runs r join ledger_entry e on e.member_id = r.member_id and e.kind = r.kind
             where e.id > r.min_id and e.id < r.max_id and (e.created_at < lo or e.created_at >= hi)) then
    raise exception 'history_detach: month % has entries interleaved with another month''s', p_month;
  end if;
  insert into ledger_archive (month, site_id, member_id, kind, entries, amount, min_id, max_id)
  select p_month, site_id, member_id, kind, entries, amount, min_id, max_id from history_runs;
  drop table history_runs;
  foreach t in array array['bet', 'ledger_entry', 'wallet_tx'] loop
    execute format('select count(*) from %I', t || to_char(m, '_YYYY_MM')) into c;
    execute format('alter table %I detach partition %I', t, t || to_char(m, '_YYYY_MM'));
    n := n || jsonb_build_object(t, c);
  end loop;
  insert into history_archive (month, detached_at) values (p_month, p_at);
  return n;
end $$;
