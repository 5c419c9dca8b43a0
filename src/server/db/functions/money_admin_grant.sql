-- The operator grants (mode 2) or recovers (mode -2) cash or points of a member against the house
-- (type code = mode on both sides). Checks, in this order: replay; amount (C206, points P001);
-- member exists (U001); on a recovery, the member's applied holdings (C202, points P002).
-- Only the member's row is locked: the house side needs no check and goes to ledger_pending, which
-- the accrual step applies (so grants never queue on the house row).
create or replace function money_admin_grant(
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
