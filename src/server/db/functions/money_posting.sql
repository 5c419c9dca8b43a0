-- The posting primitive every movement function is built on. A movement is one function call run
-- as one statement in autocommit (runMovement in src/server/domain/money/ledger.ts), so it holds
-- its locks only for its own work and the commit, and answers jsonb:
--   {"code": "C303"}                        refused, nothing written;
--   {"code": "0", "replayed": true, "result": <stored answer>}
--   {"code": "0", "replayed": false, "result": <answer>, "changed": [{memId, cash, point}], "moved": {cash, point}}
-- `changed` being the members the caller pushes CASH to. Checks come in the order the call answers
-- them; a refusal after the first write raises money_refuse instead, which rolls the whole call back.

-- The stored answer of an earlier call with this request id, or the code refusing it: another call
-- with the key is a duplicate (C999), the same call with another body a misuse (C998). Null when
-- the key is new.
-- A call still running with the same key (a client's resend after its first answer was lost, even one
-- whose first server died mid-call) is waited for first, under a lock on the key held to the end of
-- the transaction: the resend then answers the first call's stored result instead of running its own
-- checks against balances the first call already moved (a C202 for money that did move).
create or replace function money_replay(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text)
returns jsonb language plpgsql as $$
declare
  k record;
begin
  if p_key is null then return null; end if;
  perform pg_advisory_xact_lock(hashtextextended(p_site || '/' || p_actor || '/' || p_key, 0));
  select call, result, body_hash into k from request_key where site_id = p_site and member_id = p_actor and key = p_key;
  if not found then return null; end if;
  if k.call <> p_call then return '{"code": "C999"}'; end if;
  if p_body_hash is not null and k.body_hash is not null and k.body_hash <> p_body_hash then return '{"code": "C998"}'; end if;
  return jsonb_build_object('code', '0', 'replayed', true, 'result', k.result);
end $$;

-- Records the call's answer under its request id; false when a concurrent duplicate got there first
-- (ON CONFLICT waits for that transaction, so exactly one of the two moves money).
create or replace function money_keep_key(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz, p_result jsonb)
returns boolean language plpgsql as $$
begin
  if p_key is null then return true; end if;
  insert into request_key (site_id, member_id, key, call, result, body_hash, created_at)
  values (p_site, p_actor, p_key, p_call, p_result, p_body_hash, p_at)
  on conflict do nothing;
  return found;
end $$;

-- Balances travel as JSON numbers: one past 2^53 - 1 would be answered wrong, so the movement is
-- refused as out of range (SQLSTATE 22003, answered V002) and nothing is written.
create or replace function money_in_range(p_balance bigint) returns void language plpgsql as $$
begin
  if p_balance > 9007199254740991 then
    raise exception 'balance % out of range', p_balance using errcode = 'numeric_value_out_of_range';
  end if;
end $$;

-- Refuses the movement with a result code once it has written: the call rolls back whole and
-- runMovement answers the code (SQLSTATE MR001, the message being the code).
create or replace function money_refuse(p_code text) returns void language plpgsql as $$
begin
  raise exception '%', p_code using errcode = 'MR001';
end $$;

-- Locks a movement's members in ascending id order, the one global lock order of movements and the
-- accrual step, so they never deadlock; answers those of the site. By primary key, the site checked
-- on the locked row.
create or replace function money_lock(p_site text, p_ids bigint[]) returns setof member language plpgsql as $$
declare
  r member%rowtype;
begin
  for r in select * from member where id = any(p_ids) order by id for no key update loop
    if r.site_id = p_site then return next r; end if;
  end loop;
end $$;

-- One transfer of a movement: `p_from` loses p_amount of p_kind, `p_to` gains it, each side a
-- ledger entry with its balance before and after (its member locked by the caller), or, for a side
-- named in p_pending ('from', 'to' or 'both'), a ledger_pending row the accrual step applies later:
-- only a side that needs no check may wait (a house account's, or a credit), so a hot movement
-- locks no more than the row it checks. A member (not a house account) going below zero refuses
-- the whole movement with p_short.
create or replace function money_post(
  p_site text, p_mv bigint, p_kind text, p_from bigint, p_to bigint, p_amount bigint, p_from_type int, p_to_type int,
  p_short text, p_memo text, p_key text, p_cash_request bigint, p_detail jsonb, p_at timestamptz, p_pending text default null
) returns void language plpgsql as $$
declare
  cash bigint := case when p_kind = 'cash' then p_amount else 0 end;
  point bigint := case when p_kind = 'point' then p_amount else 0 end;
  from_waits boolean := coalesce(p_pending in ('from', 'both'), false);
  to_waits boolean := coalesce(p_pending in ('to', 'both'), false);
  from_type text;
  from_after bigint;
  to_after bigint;
begin
  if p_amount is null or p_amount <= 0 or p_from = p_to then raise exception 'bad transfer % from % to %', p_amount, p_from, p_to; end if;
  if from_waits or to_waits then
    insert into ledger_pending (site_id, move_id, member_id, counterpart_id, kind, type_code, amount, sender_id, receiver_id,
                                memo, request_key, cash_request_id, detail, created_at)
    select p_site, p_mv, s.member_id, s.counterpart_id, p_kind, s.type_code, s.amount, p_from, p_to, p_memo, p_key, p_cash_request, p_detail, p_at
    from (values (1, from_waits, p_from, p_to, p_from_type, -p_amount), (2, to_waits, p_to, p_from, p_to_type, p_amount))
      as s(n, waits, member_id, counterpart_id, type_code, amount)
    where s.waits order by s.n;
  end if;
  if not from_waits then
    update member set cash_amt = cash_amt - cash, point_amt = point_amt - point, updated_at = now()
    where id = p_from returning login_type, case when p_kind = 'cash' then cash_amt else point_amt end into from_type, from_after;
    if from_type <> 'HOUSE' and from_after < 0 then perform money_refuse(p_short); end if;
  end if;
  if not to_waits then
    update member set cash_amt = cash_amt + cash, point_amt = point_amt + point, updated_at = now()
    where id = p_to returning case when p_kind = 'cash' then cash_amt else point_amt end into to_after;
    perform money_in_range(to_after);
  end if;
  insert into ledger_entry (site_id, move_id, member_id, counterpart_id, kind, type_code, before_amt, amount, after_amt,
                            sender_id, receiver_id, memo, request_key, cash_request_id, detail, created_at)
  select p_site, p_mv, s.member_id, s.counterpart_id, p_kind, s.type_code, s.after - s.amount, s.amount, s.after,
         p_from, p_to, p_memo, p_key, p_cash_request, p_detail, p_at
  from (values (1, from_waits, p_from, p_to, p_from_type, -p_amount, from_after), (2, to_waits, p_to, p_from, p_to_type, p_amount, to_after))
    as s(n, waits, member_id, counterpart_id, type_code, amount, after)
  where not s.waits order by s.n;
  -- the movement's moved total per kind, for the metrics (transaction-local: a movement is one statement)
  perform set_config('pitboss.moved_' || p_kind, (coalesce(nullif(current_setting('pitboss.moved_' || p_kind, true), ''), '0')::bigint + p_amount)::text, true);
end $$;

-- What the movement so far moved of each kind (every transfer's amount once): answered beside `changed`.
create or replace function money_moved() returns jsonb language sql as $$
  select jsonb_build_object('cash', coalesce(nullif(current_setting('pitboss.moved_cash', true), ''), '0')::bigint,
                            'point', coalesce(nullif(current_setting('pitboss.moved_point', true), ''), '0')::bigint)
$$;

-- The members a movement touched, for the live CASH push: their balances now, house accounts left out.
create or replace function money_changed(p_ids bigint[]) returns jsonb language plpgsql as $$
begin
  return coalesce((select jsonb_agg(jsonb_build_object('memId', m.mem_id, 'cash', m.cash_amt, 'point', m.point_amt) order by x.n)
    from unnest(p_ids) with ordinality as x(id, n) join member m on m.id = x.id where m.login_type <> 'HOUSE'), '[]');
end $$;

-- Ends a movement: keeps its answer under the request id (a concurrent duplicate that got there
-- first refuses this one, C999, rolling it back) and answers it with the members touched.
create or replace function money_done(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text, p_at timestamptz,
  p_result jsonb, p_touched bigint[]
) returns jsonb language plpgsql as $$
begin
  if not money_keep_key(p_site, p_actor, p_key, p_call, p_body_hash, p_at, p_result) then perform money_refuse('C999'); end if;
  return jsonb_build_object('code', '0', 'replayed', false, 'result', p_result, 'changed', money_changed(p_touched), 'moved', money_moved());
end $$;

-- A moment as the wire writes it: `yyyy-MM-dd HH:mm:ss`, Korea time (toWire in domain/common/time.ts).
create or replace function money_wire_date(p_at timestamptz) returns text language sql stable as $$
  select to_char(p_at at time zone 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS')
$$;

-- The record a movement's receipt names: the number of p_member's ledger row of move p_mv (the row
-- of the history the receipt leads to) and its time, for the movement's answer (kept with it, so a
-- replay names the same row).
create or replace function money_entry_record(p_mv bigint, p_member bigint, p_at timestamptz) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'logIdx', (select id from ledger_entry where move_id = p_mv and member_id = p_member and created_at = p_at),
    'regDate', money_wire_date(p_at))
$$;
