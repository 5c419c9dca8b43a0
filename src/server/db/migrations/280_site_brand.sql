-- A site's brand: how it installs as its own app (its name is the site's own `site.name`). The logo is kept as the server re-encoded it (never
-- as uploaded) and every icon made from it is a row here too, so any instance serves it.
create table site_brand (
  site_id     text primary key references site(id),
  short_name  text not null,
  theme_color text not null check (theme_color ~ '^#[0-9a-f]{6}$'),
  -- sha-256 of the icons, short: the versioned icon names and their ETag
  version     text not null,
  updated_at  timestamptz not null default now()
);

create table site_icon (
  site_id text not null references site_brand(site_id),
  kind    text not null check (kind in ('logo', 'icon-192', 'icon-512', 'icon-maskable-512', 'apple-touch-icon', 'favicon')),
  png     bytea not null,
  primary key (site_id, kind)
);

-- optional host names a site answers on besides its prefix (TLS stays with the proxy in front)
create table site_host (
  host    text primary key check (host = lower(host) and length(host) between 1 and 253),
  site_id text not null references site(id)
);
create index site_host_site_idx on site_host(site_id);
