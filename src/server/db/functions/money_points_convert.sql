-- A player converts points to cash 1:1 (point type -4, cash type 4), both against the house, at most
-- once per p_gap_ms. Checks, in this order: replay; p_refuse (the amount rules, judged by the
-- caller); P005 suspended; P002 not enough applied points; P003 converted too recently.
create or replace function money_points_convert(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_house bigint, p_refuse text, p_amount bigint, p_gap_ms bigint
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  me member%rowtype;
  r member%rowtype;
  last timestamptz;
  mv bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  if p_refuse is not null then return jsonb_build_object('code', p_refuse); end if;
  for r in select * from money_lock(p_site, array[p_actor, p_house]) loop
    if r.id = p_actor then me := r; end if;
  end loop;
  if me.id is null then raise exception 'member % not in site %', p_actor, p_site; end if;
  if me.status = 'SUSPENDED' then return '{"code": "P005"}'; end if;
  if me.point_amt < p_amount then return '{"code": "P002"}'; end if;
  select created_at into last from ledger_entry where member_id = me.id and kind = 'point' and type_code = -4 order by id desc limit 1;
  if found and p_at - last < make_interval(secs => p_gap_ms / 1000.0) then return '{"code": "P003"}'; end if;
  mv := nextval('ledger_move_seq');
  perform money_post(p_site, mv, 'point', me.id, p_house, p_amount, -4, -4, 'P002', null, p_key, null, null, p_at);
  perform money_post(p_site, mv, 'cash', p_house, me.id, p_amount, 4, 4, 'C202', null, p_key, null, null, p_at);
  select * into me from member where id = me.id;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
                    jsonb_build_object('cashAmt', me.cash_amt, 'pointAmt', me.point_amt), array[me.id, p_house]);
end $$;
