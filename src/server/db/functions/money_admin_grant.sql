-- The operator grants (mode 2) or recovers (mode -2) cash or points of a member against the house
-- (type code = mode on both sides). Checks, in this order: replay; amount (C206, points P001);
-- member exists (U001); a grant to a member on its own break or self-exclusion (U020/U021; a
-- recovery stays open); on a recovery, the member's applied holdings (C202, points P002).
-- The answer names the member's ledger row (logIdx, regDate): the house side has none until applied.
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
  short text := case when p_point then 'P002' else 'C202' end;
  mv bigint;
  delta bigint := case when p_mode = 2 then p_amount else -p_amount end;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;

  if coalesce(p_amount, 0) = 0 then
    return jsonb_build_object('code', case when p_point then 'P001' else 'C206' end);
  end if;
  if p_amount < 0 or p_mode not in (2, -2) then raise exception 'bad grant % %', p_amount, p_mode; end if;

  -- a test player holds play money only: no real money is granted to it nor recovered from it
  select id into target from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' and not test_player;
  if not found then return '{"code": "U001"}'; end if;

  select * into t from money_lock(p_site, array[target]);
  if p_mode = 2 and protection_refusal(t.id, p_at) is not null then
    return jsonb_build_object('code', protection_refusal(t.id, p_at)->>'code');
  end if;
  if p_mode = -2 and (case when p_point then t.point_amt else t.cash_amt end) < p_amount then
    return jsonb_build_object('code', short);
  end if;

  mv := nextval('ledger_move_seq');
  if p_mode = 2 then
    perform money_post(p_site, mv, side_kind, p_house, t.id, p_amount, 2, 2, short, p_memo, p_key, null, null, p_at, 'from');
  else
    perform money_post(p_site, mv, side_kind, t.id, p_house, p_amount, -2, -2, short, p_memo, p_key, null, null, p_at, 'to');
  end if;
  if p_point then t.point_amt := t.point_amt + delta; else t.cash_amt := t.cash_amt + delta; end if;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
    jsonb_build_object('memId', t.mem_id, 'cashAmt', t.cash_amt, 'pointAmt', t.point_amt) || money_entry_record(mv, t.id, p_at), array[t.id]);
end $$;
