-- Commission split, the SQL twin of split() in src/server/domain/money/commissions.ts (a property
-- test holds the two together): along the path, bettor first, each level's rate is the running
-- maximum so far, its cumulative share floor(amount x bp / 10000), and it is paid the difference
-- to the level below it.
create or replace function commission_split(p_amount bigint, p_bps integer[])
returns table (ord integer, bp integer, cumulative bigint, paid bigint, diff_bp integer)
language plpgsql immutable as $$
declare
  prev_bp integer := 0;
  prev_cum bigint := 0;
  i integer;
begin
  for i in 1 .. coalesce(array_length(p_bps, 1), 0) loop
    ord := i;
    bp := greatest(prev_bp, p_bps[i]);
    cumulative := case when p_amount <= 0 or bp <= 0 then 0 else floor(p_amount::numeric * bp / 10000)::bigint end;
    paid := cumulative - prev_cum;
    diff_bp := bp - prev_bp;
    prev_bp := bp;
    prev_cum := cumulative;
    return next;
  end loop;
end $$;
