-- The stored answer of an earlier call with this request id, or the code refusing it: another call
-- with the key is a duplicate (C999), the same call with another body a misuse (C998). Null when
-- the key is new.
create or replace function money_replay(p_site text, p_actor bigint, p_key text, p_call text, p_body_hash text)
returns jsonb language plpgsql as $$
declare
  k record;
begin
  if p_key is null then return null; end if;
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
