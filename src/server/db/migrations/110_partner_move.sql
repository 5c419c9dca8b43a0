-- Hot paths: a partner's give/retrieve and the operator's grant in one round trip. Each function
-- is the whole movement: idempotency lookup, input checks in the order the calls answer them,
-- row locks, balance check, request key, ledger entries and balances. Run as one statement in
-- autocommit, so the locks are held only for the function's own work and the commit.
--
-- Both answer jsonb: {"code": "C303"} when refused (nothing written: every check comes before the
-- first write), {"code": "0", "replayed": true, "result": <stored answer>} for a replay, and
-- {"code": "0", "replayed": false, "result": <answer>, "changed": [{memId, cash, point}]} for a
-- movement, `changed` being the members the caller pushes CASH to.

-- The stored answer of an earlier call with this request id, or the code refusing it: another call
-- with the key is a duplicate (C999), the same call with another body a misuse (C998). Null when
-- the key is new.
create function money_replay(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text)
returns jsonb language plpgsql as $$
declare
  k record;
begin
  if p_key is null then return null; end if;
  select call, result, body_hash into k from request_key where site_id = p_site and member_id = p_actor and key = p_key;
  if not found then return null; end if;
  if k.call <> p_call then return '{"code": "C999"}'; end if;
  if p_body_hash is not null and k.body_hash is not null and k.body_hash <> p_body_hash then return '{"code": "C998"}'; end if;
  return jsonb_build_object('code', '0', 'replayed', true, 'result', k.result);
end $$;

-- Records the call's answer under its request id; false when a concurrent duplicate got there first
-- (ON CONFLICT waits for that transaction, so exactly one of the two moves money).
create function money_keep_key(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz, p_result jsonb)
returns boolean language plpgsql as $$
begin
  if p_key is null then return true; end if;
  insert into request_key (site_id, member_id, key, call, result, body_hash, created_at)
  values (p_site, p_actor, p_key, p_call, p_result, p_body_hash, p_at)
  on conflict do nothing;
  return found;
end $$;

-- Balances travel as JSON numbers: one past 2^53 - 1 would be answered wrong, so the movement is
-- refused as out of range (SQLSTATE 22003, answered V002) and nothing is written.
create function money_in_range(p_balance bigint) returns void language plpgsql as $$
begin
  if p_balance > 9007199254740991 then
    raise exception 'balance % out of range', p_balance using errcode = 'numeric_value_out_of_range';
  end if;
end $$;

-- A partner gives to (p_give) or retrieves from a DIRECT child, cash or points (p_point).
-- Cash give writes -3 on the partner and 33 on the child, retrieve 3 and -33; points 2 / -2 on both.
-- Checks, in this order: replay; amount (C303/C403, points C601/C701); target is a direct child
-- (C302/C402); caller is an active partner (C301/C401); payer's applied holdings (give C202,
-- retrieve C702, points P002). Both rows are locked in ascending id order, the one global lock
-- order of movements and the accrual step, so movements never deadlock.
create function money_partner_move(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_mem_id text, p_amount bigint, p_memo text, p_give boolean, p_point boolean
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  target bigint;
  parent bigint;
  r member%rowtype;
  me member%rowtype;
  ch member%rowtype;
  side_kind text := case when p_point then 'point' else 'cash' end;
  from_before bigint;
  to_before bigint;
  -- the partner's change; the child's is its opposite
  delta bigint := case when p_give then -p_amount else p_amount end;
  from_id bigint;
  to_id bigint;
  from_type int;
  to_type int;
  result jsonb;
  mv bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;

  if coalesce(p_amount, 0) = 0 then
    return jsonb_build_object('code', case when p_point then (case when p_give then 'C601' else 'C701' end) else (case when p_give then 'C303' else 'C403' end) end);
  end if;
  if p_amount < 0 then raise exception 'bad amount %', p_amount; end if;

  select id, parent_id into target, parent from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE';
  if not found or parent is distinct from p_actor then
    return jsonb_build_object('code', case when p_give then 'C302' else 'C402' end);
  end if;

  for r in select * from member where site_id = p_site and id in (p_actor, target) order by id for no key update loop
    if r.id = p_actor then me := r; else ch := r; end if;
  end loop;
  if me.id is null or me.login_type <> 'PARTNER' or me.status <> 'ACTIVE' then
    return jsonb_build_object('code', case when p_give then 'C301' else 'C401' end);
  end if;
  if ch.id is null or ch.parent_id is distinct from me.id then
    return jsonb_build_object('code', case when p_give then 'C302' else 'C402' end);
  end if;

  -- a debit is checked against applied money only (pending credits are not spendable yet)
  if p_give then from_id := me.id; to_id := ch.id; else from_id := ch.id; to_id := me.id; end if;
  from_before := case when p_point then (case when p_give then me.point_amt else ch.point_amt end)
                      else (case when p_give then me.cash_amt else ch.cash_amt end) end;
  to_before := case when p_point then (case when p_give then ch.point_amt else me.point_amt end)
                    else (case when p_give then ch.cash_amt else me.cash_amt end) end;
  if from_before < p_amount then
    return jsonb_build_object('code', case when p_point then 'P002' when p_give then 'C202' else 'C702' end);
  end if;

  if p_point then
    me.point_amt := me.point_amt + delta;
    ch.point_amt := ch.point_amt - delta;
    from_type := case when p_give then 2 else -2 end;
    to_type := from_type;
  else
    me.cash_amt := me.cash_amt + delta;
    ch.cash_amt := ch.cash_amt - delta;
    from_type := case when p_give then -3 else -33 end;
    to_type := case when p_give then 33 else 3 end;
  end if;
  perform money_in_range(to_before + p_amount);
  result := jsonb_build_object('memId', ch.mem_id, 'cashAmt', ch.cash_amt, 'pointAmt', ch.point_amt,
                               'myCashAmt', me.cash_amt, 'myPointAmt', me.point_amt);
  if not money_keep_key(p_site, p_actor, p_key, p_call, p_body_hash, p_at, result) then
    return '{"code": "C999"}';
  end if;

  -- the payer's side first, then the receiver's, each with its balance before and after
  mv := nextval('ledger_move_seq');
  insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
                            sender_id, receiver_id, memo, request_key, created_at)
  values
    (p_site, mv, from_id, to_id, side_kind, from_type, from_before, -p_amount, from_before - p_amount, from_id, to_id, p_memo, p_key, p_at),
    (p_site, mv, to_id, from_id, side_kind, to_type, to_before, p_amount, to_before + p_amount, from_id, to_id, p_memo, p_key, p_at);
  update member as m set cash_amt = v.c, point_amt = v.p, updated_at = now()
  from (values (me.id, me.cash_amt, me.point_amt), (ch.id, ch.cash_amt, ch.point_amt)) as v(id, c, p)
  where m.id = v.id;

  -- the payer first, as the ledger rows
  if p_give then
    return jsonb_build_object('code', '0', 'replayed', false, 'result', result, 'changed', jsonb_build_array(
      jsonb_build_object('memId', me.mem_id, 'cash', me.cash_amt, 'point', me.point_amt),
      jsonb_build_object('memId', ch.mem_id, 'cash', ch.cash_amt, 'point', ch.point_amt)));
  end if;
  return jsonb_build_object('code', '0', 'replayed', false, 'result', result, 'changed', jsonb_build_array(
    jsonb_build_object('memId', ch.mem_id, 'cash', ch.cash_amt, 'point', ch.point_amt),
    jsonb_build_object('memId', me.mem_id, 'cash', me.cash_amt, 'point', me.point_amt)));
end $$;

-- The operator grants (mode 2) or recovers (mode -2) cash or points of a member against the house
-- (type code = mode on both sides). Checks, in this order: replay; amount (C206, points P001);
-- member exists (U001); on a recovery, the member's applied holdings (C202, points P002).
-- Only the member's row is locked: the house side needs no check and goes to ledger_pending, which
-- the accrual step applies (so grants never queue on the house row).
create function money_admin_grant(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_house bigint, p_mem_id text, p_amount bigint, p_memo text, p_mode int, p_point boolean
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  target bigint;
  t member%rowtype;
  side_kind text := case when p_point then 'point' else 'cash' end;
  has bigint;
  delta bigint := case when p_mode = 2 then p_amount else -p_amount end;
  from_id bigint;
  to_id bigint;
  result jsonb;
  mv bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;

  if coalesce(p_amount, 0) = 0 then
    return jsonb_build_object('code', case when p_point then 'P001' else 'C206' end);
  end if;
  if p_amount < 0 or p_mode not in (2, -2) then raise exception 'bad grant % %', p_amount, p_mode; end if;

  select id into target from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE';
  if not found then return '{"code": "U001"}'; end if;

  select * into t from member where id = target for no key update;
  has := case when p_point then t.point_amt else t.cash_amt end;
  if p_mode = -2 and has < p_amount then
    return jsonb_build_object('code', case when p_point then 'P002' else 'C202' end);
  end if;

  perform money_in_range(has + delta);
  if p_point then t.point_amt := t.point_amt + delta; else t.cash_amt := t.cash_amt + delta; end if;
  result := jsonb_build_object('memId', t.mem_id, 'cashAmt', t.cash_amt, 'pointAmt', t.point_amt);
  if not money_keep_key(p_site, p_actor, p_key, p_call, p_body_hash, p_at, result) then
    return '{"code": "C999"}';
  end if;

  mv := nextval('ledger_move_seq');
  if p_mode = 2 then from_id := p_house; to_id := t.id; else from_id := t.id; to_id := p_house; end if;
  insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount,
                              sender_id, receiver_id, memo, request_key, created_at)
  values (p_site, mv, p_house, t.id, side_kind, p_mode, -delta, from_id, to_id, p_memo, p_key, p_at);
  insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
                            sender_id, receiver_id, memo, request_key, created_at)
  values (p_site, mv, t.id, p_house, side_kind, p_mode, has, delta, has + delta, from_id, to_id, p_memo, p_key, p_at);
  update member set cash_amt = t.cash_amt, point_amt = t.point_amt, updated_at = now() where id = t.id;

  return jsonb_build_object('code', '0', 'replayed', false, 'result', result,
    'changed', jsonb_build_array(jsonb_build_object('memId', t.mem_id, 'cash', t.cash_amt, 'point', t.point_amt)));
end $$;
