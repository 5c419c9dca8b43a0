-- Hot paths: the accrual step's batch without shipping its rows to the server and back. Two calls
-- in one transaction (src/server/domain/money/accrualBatch.ts): accrual_take picks and locks the batch,
-- accrual_apply writes its effect. Exactly once and crash-safe because the pending rows' deletion
-- and their effect commit together; one applier at a time across instances (advisory lock).

-- The batch: the oldest pending sides, with their members locked in ascending id order (the order
-- and strength of a movement's locks, so the two never deadlock). Null when another applier holds
-- the batch lock.
create or replace function accrual_take(p_limit integer) returns bigint[] language plpgsql as $$
declare
  ids bigint[];
  n integer;
begin
  if not pg_try_advisory_xact_lock(7247100) then return null; end if;
  select coalesce(array_agg(id order by id), '{}') into ids from (select id from ledger_pending order by id limit p_limit) x;
  select count(*) into n from (
    select 1 from member where id in (select member_id from ledger_pending where id = any(ids)) order by id for no key update
  ) locked;
  return ids;
end $$;

-- A settled bet's daily_stat rows: 'O' a level's own (its own bet, or what it earned), 'T' its
-- whole subtree's (every bet, and the rolling and losing paid inside the subtree).
create or replace function daily_rows(p_stake bigint, p_win bigint, p_path bigint[], p_rp bigint[], p_rc bigint[], p_lp bigint[], p_lc bigint[])
returns table (member_id bigint, scope char(1), bet_cnt integer, stake bigint, win bigint, rolling bigint, losing bigint)
language sql immutable as $$
  select l.id, s.scope,
         case when s.scope = 'T' or l.ord = 1 then 1 else 0 end,
         case when s.scope = 'T' or l.ord = 1 then p_stake else 0 end,
         case when s.scope = 'T' or l.ord = 1 then p_win else 0 end,
         case when s.scope = 'T' then l.rc else l.rp end,
         case when s.scope = 'T' then l.lc else l.lp end
  from unnest(p_path, p_rp, p_rc, p_lp, p_lc) with ordinality as l(id, rp, rc, lp, lc, ord)
  cross join (values ('O'), ('T')) as s(scope)
  where s.scope = 'T' or l.ord = 1 or l.rp > 0 or l.lp > 0
$$;

-- Applies the batch taken: each side becomes a ledger entry whose before/after continue the
-- member's balance in id order, balances move by the sum per member, and up to p_limit settled
-- bets' daily rows are added into daily_stat (and their all-time sums into member_stat). Answers {sides, daily, changed: [{siteId, memId, cash,
-- point}], more}, `changed` being the non-house members whose balance moved (the caller pushes
-- CASH) and `more` whether the batch was full (more is waiting).
create or replace function accrual_apply(p_ids bigint[], p_limit integer) returns jsonb language plpgsql as $$
declare
  sides integer;
  bets integer;
  days integer;
  changed jsonb;
begin
  insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
                            sender_id, receiver_id, memo, request_key, cash_request_id, detail, created_at)
  select p.site_id, p.move_id, p.member_id, p.counterpart_id, p.kind, p.type_code,
         b.bal + p.run - p.amount, p.amount, b.bal + p.run,
         p.sender_id, p.receiver_id, p.memo, p.request_key, p.cash_request_id, p.detail, p.created_at
  from (select lp.*, sum(lp.amount) over (partition by lp.member_id, lp.kind order by lp.id) as run
        from ledger_pending lp where lp.id = any(p_ids)) p
  join lateral (select case when p.kind = 'cash' then m.cash_amt else m.point_amt end as bal from member m where m.id = p.member_id) b on true
  order by p.id;
  get diagnostics sides = row_count;

  with sums as (
    select member_id, coalesce(sum(amount) filter (where kind = 'cash'), 0) as cash, coalesce(sum(amount) filter (where kind = 'point'), 0) as point
    from ledger_pending where id = any(p_ids) group by member_id
  ), moved as (
    update member m set cash_amt = m.cash_amt + s.cash, point_amt = m.point_amt + s.point, updated_at = now()
    from sums s where m.id = s.member_id
    returning m.site_id, m.mem_id, m.login_type, m.cash_amt, m.point_amt
  )
  select coalesce(jsonb_agg(jsonb_build_object('siteId', site_id, 'memId', mem_id, 'cash', cash_amt, 'point', point_amt))
                    filter (where login_type <> 'HOUSE'), '[]')
    into changed from moved;
  delete from ledger_pending where id = any(p_ids);

  with d as (delete from daily_pending where id in (select id from daily_pending order by id limit p_limit) returning *),
  r as materialized (
    select d.site_id, d.day, d.category, x.*
    from d cross join lateral daily_rows(d.stake, d.win, d.path, d.rolling_paid, d.rolling_cum, d.losing_paid, d.losing_cum) x
  ),
  added as (
    insert into daily_stat (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
    select site_id, member_id, scope, day, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
    from r
    group by site_id, member_id, scope, day, category
    order by member_id, scope, day, category
    on conflict (member_id, scope, day, category) do update set
      bet_cnt = daily_stat.bet_cnt + excluded.bet_cnt, stake = daily_stat.stake + excluded.stake, win = daily_stat.win + excluded.win,
      rolling = daily_stat.rolling + excluded.rolling, losing = daily_stat.losing + excluded.losing
    returning 1
  ),
  -- the same rows summed over every day (migration 260)
  totals as (
    insert into member_stat (member_id, scope, category, bet_cnt, stake, win, rolling, losing)
    select member_id, scope, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
    from r
    group by member_id, scope, category
    order by member_id, scope, category
    on conflict (member_id, scope, category) do update set
      bet_cnt = member_stat.bet_cnt + excluded.bet_cnt, stake = member_stat.stake + excluded.stake, win = member_stat.win + excluded.win,
      rolling = member_stat.rolling + excluded.rolling, losing = member_stat.losing + excluded.losing
    returning 1
  ),
  -- the site's settled bets by hour (rows pending from before migration 250 carry no time: the backfill has them)
  hours as (
    insert into bet_hour_stat (site_id, hour, bet_cnt, stake, win)
    select d.site_id, date_trunc('hour', d.settled_at, 'Asia/Seoul'), count(*), sum(d.stake), sum(d.win)
    from d where d.settled_at is not null
    group by 1, 2
    order by 1, 2
    on conflict (site_id, hour) do update set
      bet_cnt = bet_hour_stat.bet_cnt + excluded.bet_cnt, stake = bet_hour_stat.stake + excluded.stake, win = bet_hour_stat.win + excluded.win
    returning 1
  )
  -- (a data-modifying WITH runs to completion whether the outer query reads it or not)
  select (select count(*) from d), (select count(*) from added) into bets, days;

  return jsonb_build_object('sides', sides, 'daily', days, 'changed', changed, 'more', sides = p_limit or bets = p_limit);
end $$;

-- The timer's tick in one statement (its own transaction, so the batch lock holds to its commit):
-- take then apply, one round trip instead of begin, take, apply and commit. Null when another
-- applier holds the batch lock, or when a batch with work ran (on any instance) less than p_gap_ms ago.
create or replace function accrual_run(p_limit integer, p_gap_ms integer default 0) returns jsonb language plpgsql as $$
declare
  ids bigint[];
begin
  if not pg_try_advisory_xact_lock(7247100) then return null; end if;
  if p_gap_ms > 0 and exists (select 1 from accrual_clock where ran_at > clock_timestamp() - make_interval(secs => p_gap_ms / 1000.0)) then
    return null;
  end if;
  ids := accrual_take(p_limit);
  -- an idle tick reads and writes nothing: only a batch with work moves the shared clock
  if cardinality(ids) = 0 then return jsonb_build_object('sides', 0, 'daily', 0, 'changed', '[]'::jsonb, 'more', false); end if;
  update accrual_clock set ran_at = clock_timestamp();
  return accrual_apply(ids, p_limit);
end $$;
