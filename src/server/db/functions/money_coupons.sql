-- Cash coupons on the posting primitive. Types: -5 issue (issuer -> reserve, both sides), 5 return
-- (reserve -> issuer on expiry, both sides), -55 / 55 redeem (reserve -> member). The reserve is a
-- house account, so its sides wait in ledger_pending; a person's side is locked and written at once.
-- Lock order: a coupon row before any member row (redeem and expiry), never the other way.

-- Issue p_count coupons of p_amount to each receiver: one member, the downline of one (depth > 0),
-- or everyone ('all': the site, or for a partner its own downline). p_scope is the partner issuing
-- (null for the operator): its receivers must sit strictly below it and the reserve comes from its
-- applied cash (C202 beyond it, as a give). Checks, in this order: replay; amount (CP001); count
-- (CP002); expiry (CP003); receiver (U001, outside the partner's downline A002); someone to receive
-- (CP007); issuer active (C301); issuer's holdings (C202).
create or replace function money_coupon_issue(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_payer bigint, p_reserve bigint, p_scope bigint, p_target text, p_mem_id text, p_amount bigint, p_count int,
  p_expires timestamptz, p_memo text
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  root bigint;
  who bigint[];
  n bigint;
  total numeric;
  me member%rowtype;
  mv bigint;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;

  if coalesce(p_amount, 0) <= 0 then return '{"code": "CP001"}'; end if;
  if p_count is null or p_count < 1 or p_count > 100 then return '{"code": "CP002"}'; end if;
  if p_expires is null or p_expires <= p_at then return '{"code": "CP003"}'; end if;

  if p_target = 'all' then
    root := p_scope;
  else
    select id into root from member where site_id = p_site and mem_id = p_mem_id and login_type in ('NORMAL', 'PARTNER', 'P_NORMAL');
    if not found then return '{"code": "U001"}'; end if;
    if p_scope is not null and not exists (select 1 from member_path where ancestor_id = p_scope and descendant_id = root and (depth > 0 or p_target = 'subtree')) then
      return '{"code": "A002"}';
    end if;
  end if;

  if p_target = 'member' then
    who := array[root];
  elsif root is null then
    select array_agg(id order by id) into who from member where site_id = p_site and login_type in ('NORMAL', 'PARTNER', 'P_NORMAL');
  else
    select array_agg(p.descendant_id order by p.descendant_id) into who
    from member_path p join member m on m.id = p.descendant_id
    where p.ancestor_id = root and p.depth > 0 and m.login_type in ('NORMAL', 'PARTNER', 'P_NORMAL');
  end if;
  n := coalesce(cardinality(who), 0);
  if n = 0 then return '{"code": "CP007"}'; end if;
  if n * p_count > 100000 then return '{"code": "CP002"}'; end if;
  total := p_amount::numeric * p_count * n;
  if total > 9007199254740991 then return '{"code": "V002"}'; end if;

  mv := nextval('ledger_move_seq');
  if p_scope is not null then
    select * into me from money_lock(p_site, array[p_scope]);
    if me.id is null or me.login_type <> 'PARTNER' or me.status <> 'ACTIVE' then return '{"code": "C301"}'; end if;
    if me.cash_amt < total then return '{"code": "C202"}'; end if;
    perform money_post(p_site, mv, 'cash', p_payer, p_reserve, total::bigint, -5, -5, 'C202', p_memo, p_key, null,
                       jsonb_build_object('coupons', n * p_count), p_at, 'to');
  else
    perform money_post(p_site, mv, 'cash', p_payer, p_reserve, total::bigint, -5, -5, 'C202', p_memo, p_key, null,
                       jsonb_build_object('coupons', n * p_count), p_at, 'both');
  end if;
  insert into coupon (site_id, issuer_id, issued_by, member_id, amount, expires_at, created_at, issue_move, memo)
  select p_site, p_payer, p_actor, w.id, p_amount, p_expires, p_at, mv, p_memo
  from unnest(who) as w(id) cross join generate_series(1, p_count) order by w.id;

  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
    jsonb_build_object('issueIdx', mv, 'couponCnt', n * p_count, 'memberCnt', n, 'totalAmt', total::bigint, 'regDate', money_wire_date(p_at)),
    case when p_scope is null then array[]::bigint[] else array[p_scope] end);
end $$;

-- A member redeems one of its open coupons: the coupon's amount moves from the reserve to it, once.
-- Checks, in this order: replay; the coupon is the caller's, on this site (CP004); not used (CP005);
-- not expired (CP006); the member is not on a break or self-excluded (U020 / U021). The coupon row
-- is locked first, so of two redeems at once the second sees it used.
create or replace function money_coupon_redeem(
  p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_reserve bigint, p_coupon bigint
) returns jsonb language plpgsql as $$
declare
  prior jsonb;
  c coupon%rowtype;
  m member%rowtype;
  refusal jsonb;
begin
  prior := money_replay(p_site, p_actor, p_key, p_call, p_body_hash);
  if prior is not null then return prior; end if;

  select * into c from coupon where id = p_coupon for update;
  if not found or c.site_id <> p_site or c.member_id <> p_actor then return '{"code": "CP004"}'; end if;
  if c.status = 'used' then return '{"code": "CP005"}'; end if;
  if c.status = 'expired' or c.expires_at <= p_at then return '{"code": "CP006"}'; end if;
  refusal := protection_refusal(p_actor, p_at);
  if refusal is not null then return jsonb_build_object('code', refusal->>'code'); end if;

  select * into m from money_lock(p_site, array[p_actor]);
  if m.id is null then return '{"code": "CP004"}'; end if;
  perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_reserve, p_actor, c.amount, -55, 55, 'E001', c.memo, p_key, null,
                     jsonb_build_object('couponIdx', c.id), p_at, 'from');
  update coupon set status = 'used', closed_at = p_at where id = c.id;
  return money_done(p_site, p_actor, p_key, p_call, p_body_hash, p_at,
    jsonb_build_object('couponIdx', c.id, 'couponAmt', c.amount, 'cashAmt', m.cash_amt + c.amount, 'pointAmt', m.point_amt,
                       'useDate', money_wire_date(p_at)),
    array[p_actor]);
end $$;

-- The upkeep step: up to p_limit open coupons of the site past their expiry become expired and
-- their amounts go back to their issuers, each exactly once (a coupon another call holds is left
-- for the next pass). Answers the partners whose cash changed, for their CASH push.
create or replace function money_coupon_expire(p_site text, p_reserve bigint, p_at timestamptz, p_limit int)
returns jsonb language plpgsql as $$
declare
  due bigint[];
  paid bigint[];
  c record;
begin
  select array_agg(id) into due from (
    select id from coupon where site_id = p_site and status = 'open' and expires_at <= p_at order by id limit p_limit for update skip locked) d;
  if due is null then return '[]'; end if;
  -- the partners paid back, locked together in the one lock order (a house side waits in ledger_pending)
  select array_agg(distinct c2.issuer_id) into paid from coupon c2 join member m on m.id = c2.issuer_id
  where c2.id = any(due) and m.login_type <> 'HOUSE';
  if paid is not null then perform money_lock(p_site, paid); end if;
  for c in select k.id, k.issuer_id, k.amount, k.memo from coupon k where k.id = any(due) order by k.id loop
    perform money_post(p_site, nextval('ledger_move_seq'), 'cash', p_reserve, c.issuer_id, c.amount, 5, 5, 'E001', c.memo, null, null,
                       jsonb_build_object('couponIdx', c.id), p_at, case when c.issuer_id = any(coalesce(paid, '{}')) then 'from' else 'both' end);
  end loop;
  update coupon set status = 'expired', closed_at = p_at where id = any(due);
  return money_changed(paid);
end $$;
