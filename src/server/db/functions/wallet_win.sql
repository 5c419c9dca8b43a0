-- Settles the bet: the win from the house, rolling points to the bettor and, differentially, to
-- every ancestor (point type 3, against the house), the daily figures of the bettor and of every
-- ancestor's subtree. Checks, in this order: U001; W010 (sandbox credentials and test players only together); replay; B6003 a win above the vendor's ceiling;
-- W003 no such bet of this player; W005 rolled back; W004 already settled.
create or replace function wallet_win(
  p_site text, p_vendor bigint, p_vendor_name text, p_transfer boolean, p_house bigint, p_game bigint, p_max_win bigint,
  p_mem_id text, p_tx_id text, p_bet_tx_id text, p_amount bigint, p_detail jsonb, p_at timestamptz
) returns jsonb language plpgsql set plan_cache_mode = force_generic_plan as $$
declare
  me member%rowtype;
  prior record;
  bet_key record;
  b record;
  lv_id bigint[];
  r_paid bigint[];
  r_cum bigint[];
  r_diff integer[];
  l_paid bigint[];
  l_cum bigint[];
  before bigint;
  after bigint;
  outcome text;
  loss bigint;
  mv bigint;
  moved boolean := false;
  win_cash bigint;
  own_rolling bigint;
  rolling jsonb;
  answer jsonb;
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  -- a sandbox credential plays for test players only, and a test player only with one (migration 430)
  if me.test_player is distinct from (select v.sandbox from vendor v where v.id = p_vendor) then return '{"code": "W010"}'; end if;
  select k.kind, k.member_id, k.id, k.created_at into prior from wallet_tx_key k where k.vendor_id = p_vendor and k.tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, wallet_answer(prior.id, prior.created_at), prior.member_id, 'win', me.id); end if;
  -- the vendor's own ceiling on one payout: a larger win is refused, never paid
  if p_amount > p_max_win then return '{"code": "B6003"}'; end if;
  -- the key first, then the bet by its month: a plan that prunes to one partition (wallet_parts.sql)
  select k.bet_id, k.created_at into bet_key from wallet_tx_key k where k.vendor_id = p_vendor and k.tx_id = p_bet_tx_id and k.kind = 'bet';
  select x.id, x.member_id, x.category, x.stake, x.status, coalesce(x.bet_type, 'normal') as rate_type, x.created_at, x.detail, gm.name as game_name
    into b from bet x join game gm on gm.id = x.game_id where x.id = bet_key.bet_id and x.created_at = bet_key.created_at;
  if not found or b.member_id <> me.id then return '{"code": "W003"}'; end if;
  if b.status = 'cancel' then return '{"code": "W005"}'; end if;
  if b.status <> 'wait' then return '{"code": "W004"}'; end if;

  before := wallet_funds(me, p_vendor, p_transfer);
  outcome := case when p_amount > b.stake then 'win' when p_amount = b.stake then 'draw' else 'lose' end;
  loss := greatest(0, b.stake - p_amount);
  mv := nextval('ledger_move_seq');

  -- the plan: the path, bettor first, with the rates of the bet's category and the vendor's rate
  -- type, and each level's rolling (on the stake) and losing (on the net loss)
  with path as (
    select m.id, row_number() over (order by p.depth) as ord,
           (coalesce(d.point_rate, r.point_rate, 0) * 100)::integer as point_bp,
           (coalesce(d.lose_rate, r.lose_rate, 0) * 100)::integer as lose_bp
    from member_path p
    join member m on m.id = p.ancestor_id
    left join rate r on r.member_id = m.id and r.category = b.category
    left join rate_detail d on d.member_id = m.id and d.vendor_id = p_vendor and d.rate_type = b.rate_type
    where p.descendant_id = me.id and m.login_type <> 'ADMIN'
  )
  select array_agg(path.id order by path.ord), array_agg(ro.paid order by path.ord), array_agg(ro.cumulative order by path.ord),
         array_agg(ro.diff_bp order by path.ord), array_agg(lo.paid order by path.ord), array_agg(lo.cumulative order by path.ord)
    into lv_id, r_paid, r_cum, r_diff, l_paid, l_cum
  from path
  join commission_split(b.stake, (select array_agg(point_bp order by ord) from path)) ro on ro.ord = path.ord
  join commission_split(loss, (select array_agg(lose_bp order by ord) from path)) lo on lo.ord = path.ord;

  -- a transfer vendor's win goes to the game account and the player's game money
  if p_amount > 0 and p_transfer then
    perform money_post(p_site, mv, 'cash', p_house, p_game, p_amount, 11, 11, 'B6000', null, null, null, jsonb_build_object('betId', b.id), p_at, 'both');
    perform wallet_game_money(p_site, me.id, p_vendor, p_amount, p_at);
    moved := true;
  end if;
  -- the house pays the win (cash; a seamless vendor's) and each level its rolling (points): the
  -- bettor's (its row locked) in one update of its row and entries, the house's sides and the
  -- ancestors' pending (money_post's rules, written together: money_posting.sql)
  win_cash := case when p_transfer then 0 else p_amount end;
  own_rolling := coalesce(r_paid[1], 0);
  if win_cash > 0 or own_rolling > 0 then
    update member set cash_amt = cash_amt + win_cash, point_amt = point_amt + own_rolling, updated_at = now()
    where id = me.id returning cash_amt, point_amt into me.cash_amt, me.point_amt;
    perform money_in_range(me.cash_amt);
    perform money_in_range(me.point_amt);
    moved := true;
    rolling := jsonb_build_object('gameIdx', b.id, 'betAmt', b.stake, 'pointRate', r_diff[1]::float8 / 100, 'pointBonusRate', 0,
                                  'vendorName', p_vendor_name, 'gameName', b.game_name, 'codeName', '롤링', 'fromMemId', me.mem_id);
    insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
                              sender_id, receiver_id, detail, created_at)
    select p_site, mv, me.id, p_house, e.kind, e.type_code, e.after - e.amount, e.amount, e.after, p_house, me.id, e.detail, p_at
    from (values (1, 'cash', 11, win_cash, me.cash_amt, jsonb_build_object('betId', b.id)), (2, 'point', 3, own_rolling, me.point_amt, rolling))
      as e(n, kind, type_code, amount, after, detail)
    where e.amount > 0 order by e.n;
  end if;
  -- the house's side of every level's rolling is one compound row (its amount the levels' sum), not
  -- one per level: a win writes half the rows it did, in its own transaction and in the batch's
  insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
  select p_site, mv, x.member_id, x.counterpart_id, x.kind, x.type_code, x.amount, p_house, x.receiver_id, x.detail, p_at
  from (
    select 0 as ord, p_house as member_id, me.id as counterpart_id, 'cash' as kind, 11 as type_code, -win_cash as amount,
           me.id as receiver_id, jsonb_build_object('betId', b.id) as detail
    where win_cash > 0
    union all
    select 0, p_house, me.id, 'point', 3, -sum(l.paid), me.id,
           jsonb_build_object('gameIdx', b.id, 'betAmt', b.stake, 'pointRate', sum(l.diff)::float8 / 100, 'pointBonusRate', 0,
                              'vendorName', p_vendor_name, 'gameName', b.game_name, 'codeName', '롤링', 'fromMemId', me.mem_id,
                              'levels', count(*))
    from unnest(r_paid, r_diff) as l(paid, diff)
    where l.paid > 0
    having count(*) > 0
    union all
    -- each ancestor's credit (the bettor's own is the entry above)
    select l.ord, l.id, p_house, 'point', 3, l.paid, l.id,
           jsonb_build_object('gameIdx', b.id, 'betAmt', b.stake, 'pointRate', l.diff::float8 / 100, 'pointBonusRate', 0,
                              'vendorName', p_vendor_name, 'gameName', b.game_name, 'codeName', '롤링', 'fromMemId', me.mem_id)
    from unnest(lv_id, r_paid, r_diff) with ordinality as l(id, paid, diff, ord)
    where l.paid > 0 and l.ord > 1
  ) x
  order by x.ord, x.kind;
  -- what the movement moved, for the metrics (money_post's count, for the transfers written here)
  if win_cash > 0 then
    perform set_config('pitboss.moved_cash', (coalesce(nullif(current_setting('pitboss.moved_cash', true), ''), '0')::bigint + win_cash)::text, true);
  end if;
  if own_rolling > 0 then
    perform set_config('pitboss.moved_point', (coalesce(nullif(current_setting('pitboss.moved_point', true), ''), '0')::bigint + own_rolling)::text, true);
  end if;

  -- the daily figures, one row for the whole path (daily_rows expands it when applied); a test
  -- player's play money stays out of them
  if not me.test_player then
    insert into daily_pending (site_id, day, category, stake, win, path, rolling_paid, rolling_cum, losing_paid, losing_cum, settled_at)
    values (p_site, (b.created_at at time zone 'Asia/Seoul')::date, b.category, b.stake, p_amount, lv_id, r_paid, r_cum, l_paid, l_cum, p_at);
  end if;

  update bet set win = p_amount, status = outcome, settled_at = p_at,
                 detail = case when p_detail is null then bet.detail else coalesce(bet.detail, '{}'::jsonb) || p_detail end
  where id = b.id and created_at = b.created_at;
  after := before + p_amount;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'betId', b.id, 'status', outcome);
  perform wallet_record(p_site, p_vendor, p_tx_id, 'win', me.id, b.id, null, p_amount, before, after, answer, p_at);
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, moved), 'moved', money_moved());
end $$;
