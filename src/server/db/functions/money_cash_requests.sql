-- Deposit and withdrawal requests (src/server/domain/money/cashRequests.ts): the player asks, the
-- operator moves a request along 0 -> 2 -> 1 | -1. Cash types (contract/enums.ts): deposit 1,
-- withdrawal -1 (held on the site's hold account from the request on); statuses: 0 applied,
-- 2 waiting, 1 complete, -1 cancelled or rejected. Each step answers the request's number, its
-- status and the step's time (updDate, as the request's row shows it after the step).

-- A player asks for a deposit; nothing moves until the operator approves it. Checks, in this order:
-- replay; p_refuse (the amount rules, judged by the caller); U0011 suspended; C003 one already open;
-- C104 past one of the player's own deposit limits (protection.sql).
create or replace function money_cash_deposit(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_refuse text, p_amount bigint
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  me member%rowtype;
  req bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  if p_refuse is not null then return jsonb_build_object('code', p_refuse); end if;
  select * into me from money_lock(p_site, array[p_actor]);
  if me.id is null then raise exception 'member % not in site %', p_actor, p_site; end if;
  if me.status = 'SUSPENDED' then return '{"code": "U0011"}'; end if;
  if exists (select 1 from cash_request where member_id = p_actor and cash_type = 1 and status in (0, 2)) then return '{"code": "C003"}'; end if;
  if p_amount > protection_left(p_actor, 'deposit', p_at) then return '{"code": "C104"}'; end if;
  insert into cash_request (site_id, member_id, cash_type, amount, request_key, created_at, updated_at)
  values (p_site, p_actor, 1, p_amount, p_key, p_at, p_at) returning id into req;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at, jsonb_build_object('cashIdx', req, 'cashStatus', 0, 'updDate', money_wire_date(p_at)), '{}');
end $$;

-- A player's withdrawal once the password and amount rules passed (the caller checks them after
-- its own replay lookup): re-checked under the member's lock, then the amount is held at once
-- (member -> hold, type -1). Checks, in this order: replay; U0011; C203 withdrawals off; C202 more
-- than the cash; C209 one already open; C216 another within p_wait_minutes.
create or replace function money_cash_withdraw(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_hold bigint, p_amount bigint, p_wait_minutes integer
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  me member%rowtype;
  r member%rowtype;
  req bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  for r in select * from money_lock(p_site, array[p_actor, p_hold]) loop
    if r.id = p_actor then me := r; end if;
  end loop;
  if me.id is null then raise exception 'member % not in site %', p_actor, p_site; end if;
  if me.status = 'SUSPENDED' then return '{"code": "U0011"}'; end if;
  if me.out_amt_yn <> 'Y' then return '{"code": "C203"}'; end if;
  if me.cash_amt < p_amount then return '{"code": "C202"}'; end if;
  if exists (select 1 from cash_request where member_id = p_actor and cash_type = -1 and status in (0, 2)) then return '{"code": "C209"}'; end if;
  if p_wait_minutes > 0 and exists (select 1 from cash_request where member_id = p_actor and cash_type = -1
                                    and created_at > p_at - make_interval(mins => p_wait_minutes)) then
    return '{"code": "C216"}';
  end if;
  insert into cash_request (site_id, member_id, cash_type, amount, request_key, created_at, updated_at)
  values (p_site, p_actor, -1, p_amount, p_key, p_at, p_at) returning id into req;
  perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_actor, p_hold, p_amount, -1, -1, 'C202', 'withdrawal applied', p_key, req, null, p_at);
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at, jsonb_build_object('cashIdx', req, 'cashStatus', 0, 'updDate', money_wire_date(p_at)), array[p_actor, p_hold]);
end $$;

-- The deposit event an approved deposit earns, paid as points house -> member tied to the request
-- (inside the approval, member and house locked). At most one, the most specific that is on, in
-- the order sign-up first deposit (5: the member's first approved deposit ever), daily first deposit
-- (6: the first approved in its Korea-time day), every deposit (7); points = floor(amount x percent
-- / 100), the percent in hundredths. A request that already carries an event entry pays nothing
-- more, and neither does a deposit approved while the member is on its own break or self-excluded
-- (the deposit itself is the member's money and stays withdrawable). The rates are site.options eventSignupFirstPct, eventDailyFirstPct, eventEveryPct (a number
-- in (0, 100], else off: src/server/domain/money/depositEvents.ts).
create or replace function money_deposit_event(p_site text, p_mv bigint, p_req cash_request, p_house bigint, p_key text, p_at timestamptz)
returns boolean language plpgsql as $$
declare
  o jsonb;
  before bigint;
  today bigint;
  c record;
  points bigint;
begin
  if exists (select 1 from ledger_entry where cash_request_id = p_req.id and kind = 'point') then return false; end if;
  if protection_refusal(p_req.member_id, p_at) is not null then return false; end if;
  select options into o from site where id = p_site;
  if not found then return false; end if;
  select count(*) into before from cash_request
    where member_id = p_req.member_id and cash_type = 1 and status = 1 and id <> p_req.id;
  select count(*) into today from cash_request
    where member_id = p_req.member_id and cash_type = 1 and status = 1 and id <> p_req.id
      and updated_at >= (date_trunc('day', p_at at time zone 'Asia/Seoul') at time zone 'Asia/Seoul');
  for c in
    select x.point_type, x.pct from (values
      (5, o->'eventSignupFirstPct', before = 0, 1),
      (6, o->'eventDailyFirstPct', today = 0, 2),
      (7, o->'eventEveryPct', true, 3)) as v(point_type, raw, applies, ord)
    cross join lateral (select v.point_type,
      case when jsonb_typeof(v.raw) = 'number' and v.raw::text::float8 > 0 and v.raw::text::float8 <= 100 then v.raw::text::float8 else 0 end as pct) x
    where v.applies order by v.ord
  loop
    continue when c.pct <= 0;
    points := (p_req.amount * floor(c.pct * 100 + 0.5)::bigint) / 10000;
    if points <= 0 then return false; end if;
    perform money_post(p_site, p_mv, 'point', p_house, p_req.member_id, points, c.point_type, c.point_type, 'E001', 'deposit event', p_key, p_req.id,
                       jsonb_build_object('cashIdx', p_req.id, 'depositAmt', p_req.amount, 'pointBonusRate', to_jsonb(c.pct)), p_at);
    return true;
  end loop;
  return false;
end $$;

-- A request that is not there (or, for the player's cancel, not the player's own).
create or replace function money_no_request() returns jsonb language sql immutable as $$
  select '{"code": "C099", "message": "Request not found"}'::jsonb
$$;

-- The player cancels an own request still applied; a held withdrawal comes back (hold -> member).
-- Checks, in this order: replay; C099 no such request of the player; T999 no longer applied.
create or replace function money_cash_cancel(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_hold bigint, p_cash_idx bigint
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  r cash_request%rowtype;
  touched bigint[] := '{}';
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  select * into r from cash_request where id = coalesce(p_cash_idx, 0) and site_id = p_site and member_id = p_actor for update;
  if not found then return money_no_request(); end if;
  if r.status <> 0 then return '{"code": "T999"}'; end if;
  if r.cash_type = -1 then
    perform money_lock(p_site, array[r.member_id, p_hold]);
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_hold, r.member_id, r.amount, -1, -1, 'E001', 'withdrawal cancelled', p_key, r.id, null, p_at);
    touched := array[p_hold, r.member_id];
  end if;
  update cash_request set status = -1, processed_by = p_actor, updated_at = p_at where id = r.id;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at, jsonb_build_object('cashIdx', r.id, 'cashStatus', -1, 'updDate', money_wire_date(p_at)), touched);
end $$;

-- The operator moves a request along 0 -> 2 -> 1 | -1 (anything else T999). Approving a deposit
-- credits it from the house (with its deposit event); approving a withdrawal sends the held amount
-- out (hold -> house); rejecting a withdrawal returns it to the member. Checks, in this order:
-- replay; C099 no such request; T999 not a next status.
create or replace function money_cash_process(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_house bigint, p_hold bigint, p_cash_idx bigint, p_next integer
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  r cash_request%rowtype;
  mv bigint;
  touched bigint[] := '{}';
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  select * into r from cash_request where id = coalesce(p_cash_idx, 0) and site_id = p_site for update;
  if not found then return money_no_request(); end if;
  if not ((r.status = 0 and p_next = 2) or (r.status = 2 and p_next in (1, -1))) then return '{"code": "T999"}'; end if;
  if p_next = 1 and r.cash_type = 1 then
    perform money_lock(p_site, array[r.member_id, p_house]);
    mv := nextval('ledger_move_seq');
    perform money_post(p_site, mv, 'cash', p_house, r.member_id, r.amount, 1, 1, 'E001', 'deposit approved', p_key, r.id, null, p_at);
    perform money_deposit_event(p_site, mv, r, p_house, p_key, p_at);
    touched := array[p_house, r.member_id];
  elsif p_next = 1 and r.cash_type = -1 then
    perform money_lock(p_site, array[p_hold, p_house]);
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_hold, p_house, r.amount, -1, -1, 'E001', 'withdrawal paid out', p_key, r.id, null, p_at);
  elsif p_next = -1 and r.cash_type = -1 then
    perform money_lock(p_site, array[r.member_id, p_hold]);
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_hold, r.member_id, r.amount, -1, -1, 'E001', 'withdrawal rejected', p_key, r.id, null, p_at);
    touched := array[p_hold, r.member_id];
  end if;
  update cash_request set status = p_next, processed_by = p_actor, updated_at = p_at where id = r.id;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at, jsonb_build_object('cashIdx', r.id, 'cashStatus', p_next, 'updDate', money_wire_date(p_at)), touched);
end $$;
