-- Game money of transfer-wallet vendors (src/server/domain/games/wallet.ts): held by the site's
-- game account (login type HOUSE), split per member and vendor in game_wallet and mirrored in
-- member.game_amt (wallet_game_money). Cash types (contract/enums.ts): game out -19, game in 19.

-- At a launch: all of the member's cash into the vendor's game money (member -> game account).
-- No request id (the launch itself is not a money call); answers {cashAmt, gameAmt, moved}.
create or replace function money_game_in(
  p_site text, p_actor bigint, p_call text, p_at timestamptz,
  p_game bigint, p_vendor bigint, p_vendor_code text
) returns jsonb language plpgsql as $$
declare
  me member%rowtype;
  r member%rowtype;
  moved bigint;
  held bigint;
begin
  for r in select * from money_lock(p_site, array[p_actor, p_game]) loop
    if r.id = p_actor then me := r; end if;
  end loop;
  if me.id is null then raise exception 'member % not in site %', p_actor, p_site; end if;
  moved := me.cash_amt;
  if moved > 0 then
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', me.id, p_game, moved, -19, -19, 'B6000', null, null, null,
                       jsonb_build_object('vendor', p_vendor_code), p_at);
    perform wallet_game_money(p_site, me.id, p_vendor, moved, p_at);
  end if;
  select balance into held from game_wallet where member_id = me.id and vendor_id = p_vendor for update;
  select * into me from member where id = me.id;
  return money_done(p_site, p_actor, null, p_call, null, p_at,
                    jsonb_build_object('cashAmt', me.cash_amt, 'gameAmt', coalesce(held, 0), 'moved', moved),
                    case when moved > 0 then array[me.id, p_game] else '{}' end);
end $$;

-- Game money back to cash (game account -> member): p_amount (null: all) from one vendor
-- (p_vendor) or from all, the lowest vendor id first. Checks, in this order: replay; C009 a round
-- of a transfer vendor still open; C202 more than the game money held.
create or replace function money_game_out(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_game bigint, p_member bigint, p_vendor bigint, p_amount bigint
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  vendors bigint[];
  held bigint[];
  total bigint;
  want bigint;
  left_over bigint;
  take bigint;
  i integer;
  me member%rowtype;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;
  perform money_lock(p_site, array[p_member, p_game]);
  if exists (select 1 from bet b join vendor v on v.id = b.vendor_id
             where b.member_id = p_member and b.status = 'wait' and v.wallet_mode = 'transfer' and (p_vendor is null or b.vendor_id = p_vendor)) then
    return '{"code": "C009"}';
  end if;
  select coalesce(array_agg(vendor_id order by vendor_id), '{}'), coalesce(array_agg(balance order by vendor_id), '{}'), coalesce(sum(balance), 0)
    into vendors, held, total
  from (select vendor_id, balance from game_wallet where member_id = p_member and balance > 0 and (p_vendor is null or vendor_id = p_vendor)
        order by vendor_id for update) w;
  want := coalesce(p_amount, total);
  if want > total then return '{"code": "C202"}'; end if;
  left_over := want;
  for i in 1 .. coalesce(array_length(vendors, 1), 0) loop
    take := least(left_over, held[i]);
    if take > 0 then perform wallet_game_money(p_site, p_member, vendors[i], -take, p_at); end if;
    left_over := left_over - take;
  end loop;
  if want > 0 then
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_game, p_member, want, 19, 19, 'C202', null, p_key, null, null, p_at);
  end if;
  select * into me from member where id = p_member;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
                    jsonb_build_object('cashAmt', me.cash_amt, 'gameAmt', me.game_amt, 'moved', want),
                    case when want > 0 then array[p_game, p_member] else '{}' end);
end $$;
