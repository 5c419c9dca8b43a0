-- Web Push: the server's VAPID key pair (one, made on first use) and each device's subscription.
create table push_vapid (
  id          smallint primary key default 1 check (id = 1),
  public_key  text not null,
  private_key text not null,
  created_at  timestamptz not null default now()
);

-- One row per device (endpoint), tied to the session that subscribed it: only devices whose
-- session is still open receive anything, and a logout removes the row. `lang` picks the texts.
create table push_subscription (
  endpoint   text primary key,
  site_id    text not null references site(id),
  member_id  bigint not null references member(id) on delete cascade,
  session_id bigint not null,
  p256dh     text not null,
  auth       text not null,
  lang       text not null,
  created_at timestamptz not null default now()
);
create index push_subscription_member_idx on push_subscription(member_id);
create index push_subscription_session_idx on push_subscription(session_id);
