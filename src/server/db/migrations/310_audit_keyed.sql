-- The audit chain keyed outside the database (src/server/domain/site/auditChain.ts): a row's
-- hash is the HMAC-SHA-256, under PITBOSS_AUDIT_KEY, of the row before's hash and the row's
-- canonical text, which the server computes, so a database writer alone can no longer re-chain
-- after deleting or editing a row. The rows written before stay plain SHA-256 (keyed = false);
-- the verify accepts them only ahead of the first keyed row.
alter table audit_log add column keyed boolean not null default false;
drop trigger audit_chain on audit_log;
drop function audit_chain_append();

-- the canonical bytes the key signs: the hash before, then the row's fields in a fixed order
create function audit_row_text(prev bytea, r audit_log) returns bytea language sql stable as $$
  select prev || convert_to(jsonb_build_array(
    r.seq, r.site_id, r.actor_id, r.actor, r.action, r.target, r.before, r.after, r.ip,
    to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.keyed)::text, 'UTF8')
$$;

-- Refused operator calls fold into one audit row per actor, call, code and minute: the first
-- refusal writes the row, the rest only count here, so nobody can flood the log.
create table audit_refusal (
  site_id   text not null references site(id),
  actor_id  bigint not null,
  action    text not null,
  code      text not null,
  minute    timestamptz not null,
  count     integer not null default 1,
  audit_id  bigint,
  primary key (site_id, actor_id, action, code, minute)
);
create index audit_refusal_audit_idx on audit_refusal(audit_id);
