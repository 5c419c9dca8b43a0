-- The vendor wallet's bet, win and rollback (wallet_bet.sql, wallet_win.sql, wallet_rollback.sql),
-- one round trip each: the bettor's lock (its lookup by login id), the stored answer of a replayed
-- transaction id (wallet_tx, keyed by the vendor's own id), the checks in the order the callbacks
-- answer them, and every write through money_post. Only the bettor's row (and, for a
-- transfer-wallet vendor, its game_wallet row) is locked: the house side, the game account's side,
-- the ancestors' rolling points and the daily figures wait for the accrual step. They answer as
-- every movement function does (money_posting.sql). Cash types: bet 10, win 11, refund 12
-- (contract/game.ts gameCashTypes); rolling points 3. These are their shared parts.

-- Reading the history's partitioned tables by a month held in a variable: PostgreSQL plans such a
-- statement again at every call (its plan for one month looks cheaper than the plan for all of them,
-- about 0.2 ms a time), and a join that finds the month only as it runs opens every month's indexes.
-- So the bet and the answer are read by (id, month) after the narrow key row, in functions whose
-- plans are kept (plan_cache_mode = force_generic_plan) and pruned to one partition as they start.

-- The stored answer of wallet transaction (p_id, p_at): only a replay reads it.
create or replace function wallet_answer(p_id bigint, p_at timestamptz) returns jsonb language plpgsql stable
set plan_cache_mode = force_generic_plan as $$
begin
  return (select result from wallet_tx where id = p_id and created_at = p_at);
end $$;

-- The stored answer of an earlier wallet transaction with this id: replayed when it is the same
-- kind of call by the same bettor, C999 otherwise (another player's balance is never answered, and
-- an answer whose month was archived is gone: the id stays used, never applied twice).
create or replace function wallet_replay(p_kind text, p_result jsonb, p_member bigint, p_want text, p_me bigint)
returns jsonb language sql immutable as $$
  select case when p_kind = p_want and p_member = p_me and p_result is not null
    then jsonb_build_object('code', '0', 'replayed', true, 'result', p_result)
    else '{"code": "C999"}'::jsonb end
$$;

-- A credit or debit of a member's game money at a transfer-wallet vendor, mirrored in member.game_amt.
-- A debit only updates (an inserted row is checked against balance >= 0 before any conflict).
create or replace function wallet_game_money(p_site text, p_member bigint, p_vendor bigint, p_delta bigint, p_at timestamptz)
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
create or replace function wallet_funds(me member, p_vendor bigint, p_transfer boolean) returns bigint language plpgsql as $$
declare
  held bigint;
begin
  if not p_transfer then return me.cash_amt; end if;
  select balance into held from game_wallet where member_id = me.id and vendor_id = p_vendor for update;
  return coalesce(held, 0);
end $$;

-- The bettor, for the live CASH push, when its cash, points or game money moved (its game money is in
-- its member info too). PL/pgSQL plans a SQL function's body again at every call (about 0.1 ms here); this one runs twice per bet
create or replace function wallet_changed(me member, p_moved boolean) returns jsonb language plpgsql immutable as $$
begin
  if not p_moved then return '[]'; end if;
  return jsonb_build_array(jsonb_build_object('memId', me.mem_id, 'cash', me.cash_amt, 'point', me.point_amt));
end $$;

-- A vendor transaction: its row in wallet_tx (partitioned by month) and its key in wallet_tx_key,
-- where the vendor's id is unique for ever (and one rollback per bet id); a duplicate fails here
-- as it failed on wallet_tx's own unique keys before the history was partitioned.
create or replace function wallet_record(
  p_site text, p_vendor bigint, p_tx_id text, p_kind text, p_member bigint, p_bet bigint, p_ref text,
  p_amount bigint, p_before bigint, p_after bigint, p_result jsonb, p_at timestamptz
) returns void language plpgsql as $$
declare
  i bigint := nextval('wallet_tx_id_seq');
begin
  insert into wallet_tx_key (site_id, vendor_id, tx_id, kind, member_id, ref_tx_id, bet_id, id, created_at)
  values (p_site, p_vendor, p_tx_id, p_kind, p_member, p_ref, p_bet, i, p_at);
  insert into wallet_tx (id, site_id, vendor_id, tx_id, kind, member_id, bet_id, ref_tx_id, amount, before_amt, after_amt, result, created_at)
  values (i, p_site, p_vendor, p_tx_id, p_kind, p_member, p_bet, p_ref, p_amount, p_before, p_after, p_result, p_at);
end $$;
