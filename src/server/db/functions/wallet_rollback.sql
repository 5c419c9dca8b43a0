-- Cancels an open bet and returns its stake. Checks, in this order: U001; W010 (sandbox
-- credentials and test players only together); replay (this transaction
-- id, or an earlier rollback of the same bet); W003 the bet is another player's; W005 / W004 the
-- bet is no longer open. A rollback arriving before its bet is recorded, so that bet is refused later.
create or replace function wallet_rollback(
  p_site text, p_vendor bigint, p_transfer boolean, p_house bigint, p_game bigint,
  p_mem_id text, p_tx_id text, p_bet_tx_id text, p_at timestamptz
) returns jsonb language plpgsql set plan_cache_mode = force_generic_plan as $$
declare
  me member%rowtype;
  prior record;
  bet_key record;
  b record;
  before bigint;
  after bigint;
  mv bigint;
  d jsonb;
  answer jsonb;
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  -- a sandbox credential plays for test players only, and a test player only with one (migration 430)
  if me.test_player is distinct from (select v.sandbox from vendor v where v.id = p_vendor) then return '{"code": "W010"}'; end if;
  select k.kind, k.member_id, k.id, k.created_at into prior from wallet_tx_key k where k.vendor_id = p_vendor and k.tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, wallet_answer(prior.id, prior.created_at), prior.member_id, 'rollback', me.id); end if;
  select k.kind, k.member_id, k.id, k.created_at into prior from wallet_tx_key k where k.vendor_id = p_vendor and k.ref_tx_id = p_bet_tx_id and k.kind = 'rollback';
  if found then return wallet_replay(prior.kind, wallet_answer(prior.id, prior.created_at), prior.member_id, 'rollback', me.id); end if;
  -- the key first, then the bet by its month: a plan that prunes to one partition (wallet_parts.sql)
  select k.bet_id, k.created_at into bet_key from wallet_tx_key k where k.vendor_id = p_vendor and k.tx_id = p_bet_tx_id and k.kind = 'bet';
  select x.id, x.member_id, x.stake, x.status, x.created_at into b from bet x where x.id = bet_key.bet_id and x.created_at = bet_key.created_at;
  if found and b.member_id <> me.id then return '{"code": "W003"}'; end if;
  if found and b.status <> 'wait' then
    return case when b.status = 'cancel' then '{"code": "W005"}'::jsonb else '{"code": "W004"}'::jsonb end;
  end if;

  before := wallet_funds(me, p_vendor, p_transfer);
  after := before;
  if b.id is not null then
    mv := nextval('ledger_move_seq');
    d := jsonb_build_object('betId', b.id);
    if p_transfer then
      perform money_post(p_site, mv, 'cash', p_house, p_game, b.stake, 12, 12, 'B6000', null, null, null, d, p_at, 'both');
      perform wallet_game_money(p_site, me.id, p_vendor, b.stake, p_at);
    else
      perform money_post(p_site, mv, 'cash', p_house, me.id, b.stake, 12, 12, 'B6000', null, null, null, d, p_at, 'from');
      me.cash_amt := me.cash_amt + b.stake;
    end if;
    update bet set status = 'cancel', settled_at = p_at where id = b.id and created_at = b.created_at;
    after := before + b.stake;
  end if;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'status', 'cancel')
            || case when b.id is null then '{}'::jsonb else jsonb_build_object('betId', b.id) end;
  perform wallet_record(p_site, p_vendor, p_tx_id, 'rollback', me.id, b.id, p_bet_tx_id, coalesce(b.stake, 0), before, after, answer, p_at);
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, b.id is not null), 'moved', money_moved());
end $$;
