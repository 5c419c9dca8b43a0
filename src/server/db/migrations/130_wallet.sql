-- Hot paths: the vendor wallet's bet, win and rollback in one round trip each. Each function is
-- the whole callback: the bettor's lock (its lookup by login id), the stored answer of a replayed
-- transaction id, the checks in the order the callbacks answer them, and every write. Only the
-- bettor's row (and, for a transfer-wallet vendor, its game_wallet row) is locked: the house side,
-- the game account's side, the ancestors' rolling points and the daily figures go to
-- ledger_pending / daily_pending for the accrual step (src/server/domain/money/accrual.ts).
--
-- They answer jsonb as the movement functions of migration 110 do: {"code": "B6000"} when refused
-- (nothing written), {"code": "0", "replayed": true, "result": ...} for a replay, and
-- {"code": "0", "replayed": false, "result": ..., "changed": [{memId, cash, point}]} otherwise.
-- Cash types: bet 10, win 11, refund 12 (contract/game.ts gameCashTypes); rolling points 3.

-- Commission split, the SQL twin of split() in src/server/domain/money/commissions.ts (a property
-- test holds the two together): along the path, bettor first, each level's rate is the running
-- maximum so far, its cumulative share floor(amount x bp / 10000), and it is paid the difference
-- to the level below it.
create function commission_split(p_amount bigint, p_bps integer[])
returns table (ord integer, bp integer, cumulative bigint, paid bigint, diff_bp integer)
language plpgsql immutable as $$
declare
  prev_bp integer := 0;
  prev_cum bigint := 0;
  i integer;
begin
  for i in 1 .. coalesce(array_length(p_bps, 1), 0) loop
    ord := i;
    bp := greatest(prev_bp, p_bps[i]);
    cumulative := case when p_amount <= 0 or bp <= 0 then 0 else floor(p_amount::numeric * bp / 10000)::bigint end;
    paid := cumulative - prev_cum;
    diff_bp := bp - prev_bp;
    prev_bp := bp;
    prev_cum := cumulative;
    return next;
  end loop;
end $$;

-- The stored answer of an earlier wallet transaction with this id: replayed when it is the same
-- kind of call by the same bettor, C999 otherwise (another player's balance is never answered).
create function wallet_replay(p_kind text, p_result jsonb, p_member bigint, p_want text, p_me bigint)
returns jsonb language sql immutable as $$
  select case when p_kind = p_want and p_member = p_me
    then jsonb_build_object('code', '0', 'replayed', true, 'result', p_result)
    else '{"code": "C999"}'::jsonb end
$$;

-- A credit or debit of a member's game money at a transfer-wallet vendor, mirrored in member.game_amt.
-- A debit only updates (an inserted row is checked against balance >= 0 before any conflict).
create function wallet_game_money(p_site text, p_member bigint, p_vendor bigint, p_delta bigint, p_at timestamptz)
returns void language plpgsql as $$
begin
  if p_delta = 0 then return; end if;
  if p_delta > 0 then
    insert into game_wallet (member_id, vendor_id, site_id, balance, updated_at) values (p_member, p_vendor, p_site, p_delta, p_at)
    on conflict (member_id, vendor_id) do update set balance = game_wallet.balance + excluded.balance, updated_at = excluded.updated_at;
  else
    update game_wallet set balance = balance + p_delta, updated_at = p_at where member_id = p_member and vendor_id = p_vendor;
  end if;
  update member set game_amt = game_amt + p_delta where id = p_member;
end $$;

-- The money a bet is paid from and a win paid to, under lock: a transfer vendor's game money
-- (its game_wallet row, locked) or the player's cash (its member row, which the caller locked).
create function wallet_funds(me member, p_vendor bigint, p_transfer boolean) returns bigint language plpgsql as $$
declare
  held bigint;
begin
  if not p_transfer then return me.cash_amt; end if;
  select balance into held from game_wallet where member_id = me.id and vendor_id = p_vendor for update;
  return coalesce(held, 0);
end $$;

-- What a callback changed of the bettor, for the live CASH push: nothing when its own balances did not move.
create function wallet_changed(me member, p_moved boolean) returns jsonb language sql immutable as $$
  select case when p_moved
    then jsonb_build_array(jsonb_build_object('memId', me.mem_id, 'cash', me.cash_amt, 'point', me.point_amt))
    else '[]'::jsonb end
$$;

-- A stake leaves the player (seamless: cash; transfer: game money) to the house. Checks, in this
-- order: U001 no such player; replay; W005 rolled back before it arrived; B0095 not a player;
-- B1002 locked member; B0093 maintenance (p_closed: the site's window or the vendor's status);
-- B1001 bet lock; B0092 unknown or inactive game; B6001-B6003 limits; B6000 no money.
create function wallet_bet(
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
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  -- read after the lock: every call that changes this bettor's bets holds the same lock
  select kind, w.result, member_id into prior from wallet_tx w where vendor_id = p_vendor and tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, prior.result, prior.member_id, 'bet', me.id); end if;
  if exists (select 1 from wallet_tx where vendor_id = p_vendor and ref_tx_id = p_tx_id and kind = 'rollback') then
    return '{"code": "W005"}';
  end if;
  if me.login_type <> 'NORMAL' then return '{"code": "B0095"}'; end if;
  if me.status <> 'ACTIVE' then return '{"code": "B1002"}'; end if;
  if p_closed then return '{"code": "B0093"}'; end if;
  if p_bet_locked then return '{"code": "B1001"}'; end if;
  select id, status into g from game where vendor_id = p_vendor and code = p_game_code;
  if not found or g.status <> 'ACTIVE' then return '{"code": "B0092"}'; end if;
  if p_amount < p_min then return '{"code": "B6001"}'; end if;
  if p_amount > p_max then return '{"code": "B6002"}'; end if;
  if coalesce(p_max_payout, 0) > p_max_win then return '{"code": "B6003"}'; end if;
  before := wallet_funds(me, p_vendor, p_transfer);
  if before < p_amount then return '{"code": "B6000"}'; end if;

  after := before - p_amount;
  new_bet := nextval('bet_id_seq');
  mv := nextval('ledger_move_seq');
  if p_transfer then
    insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, p_game, p_house, 'cash', 10, -p_amount, p_game, p_house, d, p_at),
           (p_site, mv, p_house, p_game, 'cash', 10, p_amount, p_game, p_house, d, p_at);
    perform wallet_game_money(p_site, me.id, p_vendor, -p_amount, p_at);
  else
    insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, me.id, p_house, 'cash', 10, before, -p_amount, after, me.id, p_house, d, p_at);
    insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, p_house, me.id, 'cash', 10, p_amount, me.id, p_house, d, p_at);
    me.cash_amt := after;
    update member set cash_amt = after, updated_at = now() where id = me.id;
  end if;
  insert into bet (id, site_id, member_id, vendor_id, game_id, category, tx_id, round_id, stake, bet_type, odds, before_amt, after_amt, detail, created_at)
  values (new_bet, p_site, me.id, p_vendor, g.id, p_category, p_tx_id, p_round_id, p_amount, p_bet_type, p_odds, before, after, p_detail, p_at);
  if jsonb_array_length(coalesce(p_legs, '[]')) > 0 then
    insert into bet_leg (site_id, bet_id, event_id, pick, odds)
    select p_site, new_bet, (l->>'event_id')::bigint, l->>'pick', (l->>'odds')::numeric from jsonb_array_elements(p_legs) with ordinality as x(l, n) order by n;
  end if;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'betId', new_bet, 'status', 'wait');
  insert into wallet_tx (site_id, vendor_id, tx_id, kind, member_id, bet_id, amount, before_amt, after_amt, result, created_at)
  values (p_site, p_vendor, p_tx_id, 'bet', me.id, new_bet, -p_amount, before, after, answer, p_at);
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, not p_transfer));
end $$;

-- Settles the bet: the win from the house, rolling points to the bettor and, differentially, to
-- every ancestor (point type 3, against the house), the daily figures of the bettor and of every
-- ancestor's subtree. Checks, in this order: U001; replay; B6003 a win above the vendor's ceiling;
-- W003 no such bet of this player; W005 rolled back; W004 already settled.
create function wallet_win(
  p_site text, p_vendor bigint, p_vendor_name text, p_transfer boolean, p_house bigint, p_game bigint, p_max_win bigint,
  p_mem_id text, p_tx_id text, p_bet_tx_id text, p_amount bigint, p_detail jsonb, p_at timestamptz
) returns jsonb language plpgsql as $$
declare
  me member%rowtype;
  prior record;
  b record;
  lv_id bigint[];
  r_paid bigint[];
  r_cum bigint[];
  r_diff integer[];
  l_paid bigint[];
  l_cum bigint[];
  before bigint;
  after bigint;
  pay_to bigint;
  outcome text;
  loss bigint;
  mv bigint;
  moved boolean := false;
  answer jsonb;
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  select kind, w.result, member_id into prior from wallet_tx w where vendor_id = p_vendor and tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, prior.result, prior.member_id, 'win', me.id); end if;
  -- the vendor's own ceiling on one payout: a larger win is refused, never paid
  if p_amount > p_max_win then return '{"code": "B6003"}'; end if;
  select x.id, x.member_id, x.category, x.stake, x.status, coalesce(x.bet_type, 'normal') as rate_type, x.created_at, x.detail, gm.name as game_name
    into b from bet x join game gm on gm.id = x.game_id where x.vendor_id = p_vendor and x.tx_id = p_bet_tx_id;
  if not found or b.member_id <> me.id then return '{"code": "W003"}'; end if;
  if b.status = 'cancel' then return '{"code": "W005"}'; end if;
  if b.status <> 'wait' then return '{"code": "W004"}'; end if;

  before := wallet_funds(me, p_vendor, p_transfer);
  pay_to := case when p_transfer then p_game else me.id end;
  outcome := case when p_amount > b.stake then 'win' when p_amount = b.stake then 'draw' else 'lose' end;
  loss := greatest(0, b.stake - p_amount);
  mv := nextval('ledger_move_seq');

  if p_amount > 0 then
    insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, p_house, pay_to, 'cash', 11, -p_amount, p_house, pay_to, jsonb_build_object('betId', b.id), p_at);
    if p_transfer then
      insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
      values (p_site, mv, p_game, p_house, 'cash', 11, p_amount, p_house, p_game, jsonb_build_object('betId', b.id), p_at);
      perform wallet_game_money(p_site, me.id, p_vendor, p_amount, p_at);
    else
      perform money_in_range(me.cash_amt + p_amount);
      insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id, detail, created_at)
      values (p_site, mv, me.id, p_house, 'cash', 11, me.cash_amt, p_amount, me.cash_amt + p_amount, p_house, me.id, jsonb_build_object('betId', b.id), p_at);
      me.cash_amt := me.cash_amt + p_amount;
      moved := true;
    end if;
  end if;

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

  -- rolling: the house pays each level its share; the bettor's own (level 1, its row locked) is an
  -- entry, the ancestors' are pending
  insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
  select p_site, mv, case when side = 0 then p_house else l.id end, case when side = 0 then l.id else p_house end, 'point', 3,
         case when side = 0 then -l.paid else l.paid end, p_house, l.id,
         jsonb_build_object('gameIdx', b.id, 'betAmt', b.stake, 'pointRate', l.diff::float8 / 100, 'pointBonusRate', 0,
                            'vendorName', p_vendor_name, 'gameName', b.game_name, 'codeName', '롤링', 'fromMemId', me.mem_id), p_at
  from unnest(lv_id, r_paid, r_diff) with ordinality as l(id, paid, diff, ord)
  cross join (values (0), (1)) as s(side)
  where l.paid > 0 and (side = 0 or l.ord > 1)
  order by l.ord, side;
  if r_paid[1] > 0 then
    perform money_in_range(me.point_amt + r_paid[1]);
    insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, me.id, p_house, 'point', 3, me.point_amt, r_paid[1], me.point_amt + r_paid[1], p_house, me.id,
            jsonb_build_object('gameIdx', b.id, 'betAmt', b.stake, 'pointRate', r_diff[1]::float8 / 100, 'pointBonusRate', 0,
                               'vendorName', p_vendor_name, 'gameName', b.game_name, 'codeName', '롤링', 'fromMemId', me.mem_id), p_at);
    me.point_amt := me.point_amt + r_paid[1];
    moved := true;
  end if;

  -- daily figures: 'O' a level's own (its own bet, or what it earned), 'T' its whole subtree's
  insert into daily_pending (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
  select p_site, l.id, s.scope, (b.created_at at time zone 'Asia/Seoul')::date, b.category,
         case when s.scope = 'T' or l.ord = 1 then 1 else 0 end,
         case when s.scope = 'T' or l.ord = 1 then b.stake else 0 end,
         case when s.scope = 'T' or l.ord = 1 then p_amount else 0 end,
         case when s.scope = 'T' then l.rc else l.rp end,
         case when s.scope = 'T' then l.lc else l.lp end
  from unnest(lv_id, r_paid, r_cum, l_paid, l_cum) with ordinality as l(id, rp, rc, lp, lc, ord)
  cross join (values ('O'), ('T')) as s(scope)
  where s.scope = 'T' or l.ord = 1 or l.rp > 0 or l.lp > 0
  order by l.ord, s.scope;

  update bet set win = p_amount, status = outcome, settled_at = p_at,
                 detail = case when p_detail is null then bet.detail else coalesce(bet.detail, '{}'::jsonb) || p_detail end
  where id = b.id;
  after := before + p_amount;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'betId', b.id, 'status', outcome);
  insert into wallet_tx (site_id, vendor_id, tx_id, kind, member_id, bet_id, amount, before_amt, after_amt, result, created_at)
  values (p_site, p_vendor, p_tx_id, 'win', me.id, b.id, p_amount, before, after, answer, p_at);
  if moved then
    update member set cash_amt = me.cash_amt, point_amt = me.point_amt, updated_at = now() where id = me.id;
  end if;
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, moved));
end $$;

-- Cancels an open bet and returns its stake. Checks, in this order: U001; replay (this transaction
-- id, or an earlier rollback of the same bet); W003 the bet is another player's; W005 / W004 the
-- bet is no longer open. A rollback arriving before its bet is recorded, so that bet is refused later.
create function wallet_rollback(
  p_site text, p_vendor bigint, p_transfer boolean, p_house bigint, p_game bigint,
  p_mem_id text, p_tx_id text, p_bet_tx_id text, p_at timestamptz
) returns jsonb language plpgsql as $$
declare
  me member%rowtype;
  prior record;
  b record;
  before bigint;
  after bigint;
  pay_to bigint;
  mv bigint;
  d jsonb;
  answer jsonb;
begin
  select * into me from member where site_id = p_site and mem_id = p_mem_id and login_type <> 'HOUSE' for no key update;
  if not found then return '{"code": "U001"}'; end if;
  select kind, w.result, member_id into prior from wallet_tx w where vendor_id = p_vendor and tx_id = p_tx_id;
  if found then return wallet_replay(prior.kind, prior.result, prior.member_id, 'rollback', me.id); end if;
  select kind, w.result, member_id into prior from wallet_tx w where vendor_id = p_vendor and ref_tx_id = p_bet_tx_id and kind = 'rollback';
  if found then return wallet_replay(prior.kind, prior.result, prior.member_id, 'rollback', me.id); end if;
  select id, member_id, stake, status into b from bet where vendor_id = p_vendor and tx_id = p_bet_tx_id;
  if found and b.member_id <> me.id then return '{"code": "W003"}'; end if;
  if found and b.status <> 'wait' then
    return case when b.status = 'cancel' then '{"code": "W005"}'::jsonb else '{"code": "W004"}'::jsonb end;
  end if;

  before := wallet_funds(me, p_vendor, p_transfer);
  pay_to := case when p_transfer then p_game else me.id end;
  after := before;
  if b.id is not null then
    mv := nextval('ledger_move_seq');
    d := jsonb_build_object('betId', b.id);
    insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
    values (p_site, mv, p_house, pay_to, 'cash', 12, -b.stake, p_house, pay_to, d, p_at);
    if p_transfer then
      insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id, detail, created_at)
      values (p_site, mv, p_game, p_house, 'cash', 12, b.stake, p_house, p_game, d, p_at);
      perform wallet_game_money(p_site, me.id, p_vendor, b.stake, p_at);
    else
      perform money_in_range(me.cash_amt + b.stake);
      insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt, sender_id, receiver_id, detail, created_at)
      values (p_site, mv, me.id, p_house, 'cash', 12, me.cash_amt, b.stake, me.cash_amt + b.stake, p_house, me.id, d, p_at);
      me.cash_amt := me.cash_amt + b.stake;
      update member set cash_amt = me.cash_amt, updated_at = now() where id = me.id;
    end if;
    update bet set status = 'cancel', settled_at = p_at where id = b.id;
    after := before + b.stake;
  end if;
  answer := jsonb_build_object('balance', after, 'txId', p_tx_id, 'status', 'cancel')
            || case when b.id is null then '{}'::jsonb else jsonb_build_object('betId', b.id) end;
  insert into wallet_tx (site_id, vendor_id, tx_id, kind, member_id, bet_id, ref_tx_id, amount, before_amt, after_amt, result, created_at)
  values (p_site, p_vendor, p_tx_id, 'rollback', me.id, b.id, p_bet_tx_id, coalesce(b.stake, 0), before, after, answer, p_at);
  return jsonb_build_object('code', '0', 'replayed', false, 'result', answer, 'changed', wallet_changed(me, b.id is not null and not p_transfer));
end $$;
