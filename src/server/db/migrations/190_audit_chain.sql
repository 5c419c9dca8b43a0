-- Tamper-evident audit log: each row carries the SHA-256 of the row before (prev_hash) and of
-- itself over a canonical serialisation (hash), one chain per site, numbered by seq. Appends are
-- serialised per site by the chain head row, locked FOR UPDATE, so concurrent writers never fork
-- the chain; the head also makes a truncated tail visible.
alter table audit_log add column seq bigint, add column prev_hash bytea, add column hash bytea;
create unique index audit_log_chain_idx on audit_log(site_id, seq);

create table audit_chain_head (
  site_id   text primary key references site(id),
  last_seq  bigint not null,
  last_hash bytea not null
);

-- the canonical form: a JSON array of the row's fields in a fixed order (jsonb prints keys of
-- before/after in its own fixed order), the time in UTC with microseconds
create function audit_row_digest(prev bytea, r audit_log) returns bytea language sql stable as $$
  select sha256(prev || convert_to(jsonb_build_array(
    r.seq, r.site_id, r.actor_id, r.actor, r.action, r.target, r.before, r.after, r.ip,
    to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8'))
$$;

create function audit_genesis() returns bytea language sql immutable as $$ select decode(repeat('00', 32), 'hex') $$;

create function audit_chain_append() returns trigger language plpgsql as $$
declare
  head audit_chain_head;
begin
  insert into audit_chain_head(site_id, last_seq, last_hash) values (new.site_id, 0, audit_genesis()) on conflict (site_id) do nothing;
  select * into head from audit_chain_head where site_id = new.site_id for update;
  new.seq := head.last_seq + 1;
  new.prev_hash := head.last_hash;
  new.hash := audit_row_digest(head.last_hash, new);
  update audit_chain_head set last_seq = new.seq, last_hash = new.hash where site_id = new.site_id;
  return new;
end $$;

-- the rows written before this migration join the chain in the order they were written
do $$
declare
  r audit_log;
  h bytea;
  n bigint;
  cur text := null;
begin
  for r in select * from audit_log order by site_id, id loop
    if cur is distinct from r.site_id then
      cur := r.site_id; h := audit_genesis(); n := 0;
    end if;
    n := n + 1;
    r.seq := n;
    r.prev_hash := h;
    h := audit_row_digest(h, r);
    update audit_log set seq = n, prev_hash = r.prev_hash, hash = h where id = r.id;
    insert into audit_chain_head(site_id, last_seq, last_hash) values (cur, n, h)
      on conflict (site_id) do update set last_seq = excluded.last_seq, last_hash = excluded.last_hash;
  end loop;
end $$;

create trigger audit_chain before insert on audit_log for each row execute function audit_chain_append();
