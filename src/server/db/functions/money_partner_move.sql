-- A partner gives to (p_give) or retrieves from a DIRECT child, cash or points (p_point).
-- Cash give writes -3 on the partner and 33 on the child, retrieve 3 and -33; points 2 / -2 on both.
-- Checks, in this order: replay; amount (C303/C403, points C601/C701); target is a direct child
-- (C302/C402); caller is an active partner (C301/C401); a give to a child on its own break or
-- self-exclusion (U020/U021: nothing new to play with; a retrieve stays open); payer's applied holdings (give C202,
-- retrieve C702, points P002). Both rows are locked (money_lock: by primary key, the site checked on
-- the locked row; a site-scoped lookup was once answered from a balance index whose entries grew
-- with every movement). The answer names the ledger row its history shows (logIdx, regDate): for cash
-- the partner's own (its give/retrieve list), for points the child's (the sub-partner point list).
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
  -- the partner's change; the child's is its opposite
  delta bigint := case when p_give then -p_amount else p_amount end;
  short text := case when p_point then 'P002' when p_give then 'C202' else 'C702' end;
  from_id bigint;
  to_id bigint;
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

  for r in select * from money_lock(p_site, array[p_actor, target]) loop
    if r.id = p_actor then me := r; else ch := r; end if;
  end loop;
  if me.id is null or me.login_type <> 'PARTNER' or me.status <> 'ACTIVE' then
    return jsonb_build_object('code', case when p_give then 'C301' else 'C401' end);
  end if;
  if ch.id is null or ch.parent_id is distinct from me.id then
    return jsonb_build_object('code', case when p_give then 'C302' else 'C402' end);
  end if;

  if p_give and protection_refusal(ch.id, p_at) is not null then
    return jsonb_build_object('code', protection_refusal(ch.id, p_at)->>'code');
  end if;

  -- a debit is checked against applied money only (pending credits are not spendable yet)
  if p_give then from_id := me.id; to_id := ch.id; else from_id := ch.id; to_id := me.id; end if;
  if (case when p_point then (case when p_give then me.point_amt else ch.point_amt end)
           else (case when p_give then me.cash_amt else ch.cash_amt end) end) < p_amount then
    return jsonb_build_object('code', short);
  end if;

  mv := nextval('ledger_move_seq');
  if p_point then
    perform money_post(p_site, mv, 'point', from_id, to_id, p_amount, case when p_give then 2 else -2 end,
                       case when p_give then 2 else -2 end, short, p_memo, p_key, null, null, p_at);
    me.point_amt := me.point_amt + delta;
    ch.point_amt := ch.point_amt - delta;
  else
    perform money_post(p_site, mv, 'cash', from_id, to_id, p_amount, case when p_give then -3 else -33 end,
                       case when p_give then 33 else 3 end, short, p_memo, p_key, null, null, p_at);
    me.cash_amt := me.cash_amt + delta;
    ch.cash_amt := ch.cash_amt - delta;
  end if;
  -- the payer first in `changed`, as in the ledger rows
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
    jsonb_build_object('memId', ch.mem_id, 'cashAmt', ch.cash_amt, 'pointAmt', ch.point_amt, 'myCashAmt', me.cash_amt, 'myPointAmt', me.point_amt)
      || money_entry_record(mv, case when p_point then ch.id else me.id end, p_at),
    array[from_id, to_id]);
end $$;
