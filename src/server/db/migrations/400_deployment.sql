-- The deployment's own id, made once with its database: instances of one deployment share Redis
-- channels and keys under it, and another deployment on the same Redis (a staging beside production,
-- a second copy of the database) never hears their live events, evictions or session slots.
create table if not exists deployment (
  id text primary key,
  created_at timestamptz not null default now()
);
insert into deployment (id) select gen_random_uuid()::text where not exists (select 1 from deployment);
