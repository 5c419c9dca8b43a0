-- A site's life on the platform: open, suspended (its players, partners and vendors are refused,
-- its money frozen, its data kept) or archived (suspended for ever: never deleted, its prefix stays taken).
alter table site
  add column state text not null default 'open' check (state in ('open', 'suspended', 'archived')),
  add column state_at timestamptz,
  -- the key before the last rotation works until old_key_until (the overlap window), then only api_key
  add column old_api_key text,
  add column old_key_until timestamptz;

-- The platform's own audit chain, keyed like the sites' (src/server/domain/platform/platformAudit.ts):
-- each row's hash is the HMAC-SHA-256 under the audit key of the hash before and the row's canonical text.
create table platform_audit (
  id         bigserial primary key,
  seq        bigint not null unique,
  actor_id   bigint,
  actor      text not null,
  action     text not null,
  detail     jsonb not null default '{}',
  ip         text,
  at         timestamptz not null,
  prev_hash  bytea not null,
  hash       bytea not null
);

-- one row: the chain's last position and hash, locked by every append so the chain never forks
create table platform_audit_head (
  id         smallint primary key check (id = 1),
  last_seq   bigint not null,
  last_hash  bytea not null
);

create function platform_audit_text(prev bytea, r platform_audit) returns bytea language sql stable as $$
  select prev || convert_to(jsonb_build_array(
    r.seq, r.actor_id, r.actor, r.action, r.detail, r.ip,
    to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')
$$;
