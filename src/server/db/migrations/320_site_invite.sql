-- A site's first operator is invited by a one-time link from the platform console: only its sha-256 is kept; single use, 72 hours;
-- a fresh invitation replaces every unused one of the site.
create table site_invite (
  id          bigserial primary key,
  site_id     text not null references site(id),
  token_hash  text not null unique,
  created_by  bigint references platform_account(id),
  expires_at  timestamptz not null,
  used_at     timestamptz,
  created_at  timestamptz not null default now()
);
create index site_invite_site_idx on site_invite(site_id);

-- every top-level path the server or the app serves stays out of the prefixes (contract/platformSites reservedPrefixes)
alter table site drop constraint site_prefix_reserved;
alter table site add constraint site_prefix_reserved check (prefix not in ('admin', 'api', 'ws', 'assets', 'icons', 'media', 'metrics', 'platform'));
