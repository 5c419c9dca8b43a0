-- A stake leaves the player (seamless: cash; transfer: game money) to the house. Checks, in this
-- order: U001 no such player; W010 a sandbox
-- credential and a real player, or a real vendor and a test player; replay; W005 rolled back before it arrived; B0095 not a player;
-- B1002 locked member; B0093 maintenance (p_closed: the site's window or the vendor's status);
-- B1001 bet lock; U021/U020 self-excluded or on a break; B0092 unknown or inactive game; B6001-B6003
-- limits; B6010 past the player's own loss limit (protection.sql); B6000 no money.
create or replace function wallet_bet(
  p_site text, p_vendor bigint, p_vendor_code text, p_category text, p_transfer boolean, p_house bigint, p_game bigint,
  p_closed boolean, p_bet_locked boolean, p_min bigint, p_max bigint, p_max_win bigint,
  p_mem_id text, p_tx_id text, p_round_id text, p_game_code text, p_amount bigint, p_max_payout bigint,
  p_bet_type text, p_odds numeric, p_legs jsonb, p_detail jsonb, p_at timestamptz
) returns jsonb language plpgsql as $$
declare
  me member%rowtype;
  prior record;
  g record;
  before bigint;
  after bigint;
  new_bet bigint;
  mv bigint;
  d jsonb := jsonb_build_object('txId', p_tx_id, 'vendor', p_vendor_code);
  answer jsonb;
  refusal jsonb;
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  -- a sandbox credential plays for test players only, and a test player only with one (migration 430)
  if me.test_player is distinct from (select v.sandbox from vendor v where v.id = p_vendor) then return '{"code": "W010"}'; end if;
  -- read after the lock: every call that changes this bettor's bets holds the same lock
  select k.kind, k.member_id, k.id, k.created_at into prior from wallet_tx_key k where k.vendor_id = p_vendor and k.tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, wallet_answer(prior.id, prior.created_at), prior.member_id, 'bet', me.id); end if;
  if exists (select 1 from wallet_tx_key where vendor_id = p_vendor and ref_tx_id = p_tx_id and kind = 'rollback') then
    return '{"code": "W005"}';
  end if;
  if me.login_type <> 'NORMAL' then return '{"code": "B0095"}'; end if;
  if me.status <> 'ACTIVE' then return '{"code": "B1002"}'; end if;
  if p_closed then return '{"code": "B0093"}'; end if;
  if p_bet_locked then return '{"code": "B1001"}'; end if;
  refusal := protection_refusal(me.id, p_at);
  if refusal is not null then return jsonb_build_object('code', refusal->>'code'); end if;
  select id, status into g from game where vendor_id = p_vendor and code = p_game_code;
  if not found or g.status <> 'ACTIVE' then return '{"code": "B0092"}'; end if;
  if p_amount < p_min then return '{"code": "B6001"}'; end if;
  if p_amount > p_max then return '{"code": "B6002"}'; end if;
  if coalesce(p_max_payout, 0) > p_max_win then return '{"code": "B6003"}'; end if;
  if p_amount > protection_left(me.id, 'loss', p_at) then return '{"code": "B6010"}'; end if;
  before := wallet_funds(me, p_vendor, p_transfer);
  if before < p_amount then return '{"code": "B6000"}'; end if;

  after := before - p_amount;
  new_bet := nextval('bet_id_seq');
  mv := nextval('ledger_move_seq');
  if p_transfer then
    perform money_post(p_site, mv, 'cash', p_game, p_house, p_amount, 10, 10, 'B6000', null, null, null, d, p_at, 'both');
    perform wallet_game_money(p_site, me.id, p_vendor, -p_amount, p_at);
  else
    perform money_post(p_site, mv, 'cash', me.id, p_house, p_amount, 10, 10, 'B6000', null, null, null, d, p_at, 'to');
    me.cash_amt := after;
  end if;
  insert into bet (id, site_id, member_id, vendor_id, game_id, category, tx_id, round_id, stake, bet_type, odds, before_amt, after_amt, detail, created_at)
  values (new_bet, p_site, me.id, p_vendor, g.id, p_category, p_tx_id, p_round_id, p_amount, p_bet_type, p_odds, before, after, p_detail, p_at);
  if jsonb_array_length(coalesce(p_legs, '[]')) > 0 then
    insert into bet_leg (site_id, bet_id, event_id, pick, odds)
    select p_site, new_bet, (l->>'event_id')::bigint, l->>'pick', (l->>'odds')::numeric from jsonb_array_elements(p_legs) with ordinality as x(l, n) order by n;
  end if;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'betId', new_bet, 'status', 'wait');
  perform wallet_record(p_site, p_vendor, p_tx_id, 'bet', me.id, new_bet, null, -p_amount, before, after, answer, p_at);
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, true), 'moved', money_moved());
end $$;
