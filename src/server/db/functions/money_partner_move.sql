-- A partner gives to (p_give) or retrieves from a DIRECT child, cash or points (p_point).
-- Cash give writes -3 on the partner and 33 on the child, retrieve 3 and -33; points 2 / -2 on both.
-- Checks, in this order: replay; amount (C303/C403, points C601/C701); target is a direct child
-- (C302/C402); caller is an active partner (C301/C401); payer's applied holdings (give C202,
-- retrieve C702, points P002). Both rows are locked in ascending id order, the one global lock
-- order of movements and the accrual step, so movements never deadlock.
create or replace function money_partner_move(
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

  for r in select * from member where id in (p_actor, target) order by id for no key update loop
    continue when r.site_id <> p_site;
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
