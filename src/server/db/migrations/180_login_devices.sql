-- Server secrets shared by every instance (signing device cookies and login challenges).
create table auth_secret (
  name       text primary key,
  secret     text not null,
  created_at timestamptz not null default now()
);

-- Devices that signed in to an account before (OWASP's device cookie): each keeps its own count
-- of wrong passwords and its own lock, so failures from elsewhere never shut the owner out.
create table login_device (
  id           text primary key,          -- the cookie's random nonce
  member_id    bigint not null references member(id) on delete cascade,
  failed       integer not null default 0,
  locked_until timestamptz,
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index login_device_member_idx on login_device(member_id);

-- Wrong passwords counted against an account, with the address they came from: the operator
-- console shows when an account is under attack and from how many addresses.
create table login_failure (
  id        bigserial primary key,
  site_id   text not null references site(id),
  member_id bigint not null references member(id) on delete cascade,
  ip        text,
  trusted   boolean not null default false,
  at        timestamptz not null default now()
);
create index login_failure_member_idx on login_failure(member_id, at desc);
create index login_failure_site_idx on login_failure(site_id, at desc);

-- Member ids are unique whatever their case: a look-alike 'Admin' beside 'admin' is refused.
do $$
declare dup text;
begin
  select string_agg(lower(mem_id), ', ') into dup from (
    select site_id, lower(mem_id) as mem_id from member group by site_id, lower(mem_id) having count(*) > 1
  ) d;
  if dup is not null then
    raise exception 'member ids that differ only in case must be renamed first: %', dup;
  end if;
end $$;
create unique index member_site_lower_mem_id_uq on member(site_id, lower(mem_id));
