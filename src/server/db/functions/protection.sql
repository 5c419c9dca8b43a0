-- Player protection (src/server/domain/auth/protection.ts): limits the player sets on itself,
-- breaks and self-exclusion. Periods are Korea-time calendar days, ISO weeks (from Monday) and
-- months. A lower limit is in force at once; a higher or removed one 24 hours later.

-- The limit of one kind in force at p_at; null: none.
create or replace function protection_limit_at(l member_limit, p_at timestamptz) returns bigint language sql immutable as $$
  select case when l.applies_at is not null and l.applies_at <= p_at then l.pending_amount else l.amount end
$$;

-- The start of the Korea-time period (day, week, month) holding p_at.
create or replace function protection_period_start(p_period text, p_at timestamptz) returns timestamptz language sql immutable as $$
  select date_trunc(p_period, p_at at time zone 'Asia/Seoul') at time zone 'Asia/Seoul'
$$;

-- What the member may still deposit (p_what 'deposit': applied, waiting and approved requests of
-- the period) or lose (p_what 'loss': stakes less wins of the period's bets, an open bet counting
-- as lost, a cancelled one not at all) before its tightest limit; null without a limit.
create or replace function protection_left(p_member bigint, p_what text, p_at timestamptz) returns bigint language plpgsql stable as $$
declare
  l member_limit%rowtype;
  cap bigint;
  since timestamptz;
  used bigint;
  least_left bigint;
begin
  for l in select * from member_limit where member_id = p_member and kind like p_what || '\_%' loop
    cap := protection_limit_at(l, p_at);
    continue when cap is null;
    since := protection_period_start(split_part(l.kind, '_', 2), p_at);
    if p_what = 'deposit' then
      select coalesce(sum(amount), 0) into used from cash_request
        where member_id = p_member and cash_type = 1 and status in (0, 2, 1) and created_at >= since;
    else
      select coalesce(sum(stake - win), 0) into used from bet
        where member_id = p_member and status <> 'cancel' and created_at >= since;
    end if;
    least_left := least(coalesce(least_left, cap - used), cap - used);
  end loop;
  return least_left;
end $$;

-- The player sets (p_amount) or removes (null) one limit.
create or replace function protection_set_limit(p_site text, p_member bigint, p_kind text, p_amount bigint, p_at timestamptz)
returns void language plpgsql as $$
declare
  l member_limit%rowtype;
  now_in_force bigint;
begin
  insert into member_limit (member_id, site_id, kind, updated_at) values (p_member, p_site, p_kind, p_at) on conflict do nothing;
  select * into l from member_limit where member_id = p_member and kind = p_kind for update;
  now_in_force := protection_limit_at(l, p_at);
  if p_amount is not null and (now_in_force is null or p_amount <= now_in_force) then
    update member_limit set amount = p_amount, pending_amount = null, applies_at = null, updated_at = p_at
      where member_id = p_member and kind = p_kind;
  elsif p_amount is distinct from now_in_force then
    update member_limit set amount = now_in_force, pending_amount = p_amount, applies_at = p_at + interval '24 hours', updated_at = p_at
      where member_id = p_member and kind = p_kind;
  else
    update member_limit set amount = now_in_force, pending_amount = null, applies_at = null, updated_at = p_at
      where member_id = p_member and kind = p_kind;
  end if;
end $$;

-- The player's reality-check interval in minutes (0 off, null the site's default).
create or replace function protection_set_reality(p_site text, p_member bigint, p_minutes integer, p_at timestamptz)
returns void language sql as $$
  insert into member_protection (member_id, site_id, reality_minutes, updated_at) values (p_member, p_site, p_minutes, p_at)
  on conflict (member_id) do update set reality_minutes = excluded.reality_minutes, updated_at = excluded.updated_at
$$;

-- A break (p_kind 'break') or self-exclusion ('exclusion') until p_until. An end already later
-- stays: nothing shortens either.
create or replace function protection_take_break(p_site text, p_member bigint, p_kind text, p_until timestamptz, p_at timestamptz)
returns void language plpgsql as $$
begin
  insert into member_protection (member_id, site_id, updated_at) values (p_member, p_site, p_at) on conflict do nothing;
  if p_kind = 'exclusion' then
    update member_protection set excluded_until = greatest(excluded_until, p_until), updated_at = p_at where member_id = p_member;
  else
    update member_protection set break_until = greatest(break_until, p_until), updated_at = p_at where member_id = p_member;
  end if;
end $$;

-- Why the member may not sign in or play at p_at: U021 self-excluded, U020 on a break, with the
-- end; null when free. PL/pgSQL, not SQL: every bet asks, and PostgreSQL plans a SQL function's
-- query again at each call where PL/pgSQL keeps its plan.
create or replace function protection_refusal(p_member bigint, p_at timestamptz) returns jsonb language plpgsql stable as $$
declare
  p member_protection%rowtype;
begin
  select * into p from member_protection where member_id = p_member;
  if not found then return null; end if;
  if p.excluded_until > p_at then return jsonb_build_object('code', 'U021', 'until', p.excluded_until); end if;
  if p.break_until > p_at then return jsonb_build_object('code', 'U020', 'until', p.break_until); end if;
  return null;
end $$;
