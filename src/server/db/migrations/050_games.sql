-- Games: vendors and games, rates and their history, the vendor wallet's transactions, bets and
-- sports legs, game money held by transfer-wallet vendors, and the daily figures reports read.

create table vendor (
  id          bigserial primary key,
  site_id     text not null references site(id),
  code        text not null,
  name        text not null,
  category    text not null check (category in ('casino','hcasino','slot','sport','mini')),
  wallet_mode text not null check (wallet_mode in ('seamless','transfer')),
  secret      text not null,
  status      text not null default 'ACTIVE' check (status in ('ACTIVE','MAINT','OFF')),
  min_bet     bigint not null default 1000,
  max_bet     bigint not null default 5000000,
  max_win     bigint not null default 100000000,
  ord         integer not null default 0,
  created_at  timestamptz not null default now(),
  unique (site_id, code)
);

create table game (
  id        bigserial primary key,
  site_id   text not null references site(id),
  vendor_id bigint not null references vendor(id),
  code      text not null,
  name      text not null,
  -- the engine that plays it: baccarat, slot, sports, oddeven
  kind      text not null,
  status    text not null default 'ACTIVE' check (status in ('ACTIVE','MAINT','OFF')),
  ord       integer not null default 0,
  unique (vendor_id, code)
);
create index game_site_idx on game(site_id);

-- Rolling (point) and losing percent per member and category; a child never above its parent.
create table rate (
  site_id      text not null references site(id),
  member_id    bigint not null references member(id),
  category     text not null check (category in ('casino','hcasino','slot','sport','mini')),
  point_rate   numeric(5,2) not null default 0 check (point_rate between 0 and 100),
  lose_rate    numeric(5,2) not null default 0 check (lose_rate between 0 and 100),
  locked_until timestamptz,
  updated_at   timestamptz not null default now(),
  primary key (member_id, category)
);
create index rate_site_idx on rate(site_id);

-- Per-vendor rates by rate type (the detail settings).
create table rate_detail (
  site_id      text not null references site(id),
  member_id    bigint not null references member(id),
  vendor_id    bigint not null references vendor(id),
  rate_type    text not null,
  point_rate   numeric(5,2) not null default 0 check (point_rate between 0 and 100),
  lose_rate    numeric(5,2) not null default 0 check (lose_rate between 0 and 100),
  locked_until timestamptz,
  updated_at   timestamptz not null default now(),
  primary key (member_id, vendor_id, rate_type)
);
create index rate_detail_vendor_idx on rate_detail(vendor_id);
create index rate_detail_site_idx on rate_detail(site_id);

create table rate_change (
  id           bigserial primary key,
  site_id      text not null references site(id),
  member_id    bigint not null references member(id),
  changed_by   bigint not null references member(id),
  category     text not null,
  vendor_id    bigint references vendor(id),
  rate_type    text,
  before_point numeric(5,2) not null,
  before_lose  numeric(5,2) not null,
  after_point  numeric(5,2) not null,
  after_lose   numeric(5,2) not null,
  created_at   timestamptz not null default now()
);
create index rate_change_member_idx on rate_change(member_id, created_at desc);
create index rate_change_by_idx on rate_change(changed_by);
create index rate_change_vendor_idx on rate_change(vendor_id);
create index rate_change_site_idx on rate_change(site_id);

-- Game money a member holds at a transfer-wallet vendor; the site's game account holds the sum.
create table game_wallet (
  member_id  bigint not null references member(id),
  vendor_id  bigint not null references vendor(id),
  site_id    text not null references site(id),
  balance    bigint not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now(),
  primary key (member_id, vendor_id)
);
create index game_wallet_vendor_idx on game_wallet(vendor_id);
create index game_wallet_site_idx on game_wallet(site_id);

create table sport_event (
  id         bigserial primary key,
  site_id    text not null references site(id),
  sport_id   integer not null,
  league     text not null,
  league_ko  text not null,
  home       text not null,
  home_ko    text not null,
  away       text not null,
  away_ko    text not null,
  start_at   timestamptz not null,
  end_at     timestamptz not null,
  -- decimal odds offered: {home, draw, away}; draw absent where the sport has none
  odds       jsonb not null,
  home_score integer,
  away_score integer,
  status     text not null default 'open' check (status in ('open','done')),
  unique (site_id, sport_id, home, away, start_at)
);
create index sport_event_due_idx on sport_event(site_id, status, end_at);

-- One bet = one vendor bet transaction; settled once (win/lose/draw) or cancelled by a rollback.
create table bet (
  id         bigserial primary key,
  site_id    text not null references site(id),
  member_id  bigint not null references member(id),
  vendor_id  bigint not null references vendor(id),
  game_id    bigint not null references game(id),
  category   text not null,
  tx_id      text not null,
  round_id   text not null,
  stake      bigint not null check (stake > 0),
  win        bigint not null default 0 check (win >= 0),
  status     text not null default 'wait' check (status in ('wait','win','lose','draw','cancel')),
  bet_type   text,
  odds       numeric(12,2),
  before_amt bigint not null,
  after_amt  bigint not null,
  detail     jsonb,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (vendor_id, tx_id)
);
create index bet_member_idx on bet(member_id, created_at desc);
create index bet_site_idx on bet(site_id, category, created_at desc);
create index bet_game_idx on bet(game_id);
create index bet_open_idx on bet(member_id, vendor_id) where status = 'wait';

create table bet_leg (
  id       bigserial primary key,
  site_id  text not null references site(id),
  bet_id   bigint not null references bet(id),
  event_id bigint not null references sport_event(id),
  pick     text not null check (pick in ('home','draw','away')),
  odds     numeric(8,2) not null,
  status   text not null default 'Opened' check (status in ('Opened','Won','Lost','Draw'))
);
create index bet_leg_bet_idx on bet_leg(bet_id);
create index bet_leg_event_idx on bet_leg(event_id);

-- Every applied vendor callback, keyed by the vendor's transaction id: a replay answers `result`.
create table wallet_tx (
  id         bigserial primary key,
  site_id    text not null references site(id),
  vendor_id  bigint not null references vendor(id),
  tx_id      text not null,
  kind       text not null check (kind in ('bet','win','rollback')),
  member_id  bigint not null references member(id),
  bet_id     bigint references bet(id),
  -- a rollback's bet transaction id (kept even when the bet never arrived)
  ref_tx_id  text,
  amount     bigint not null,
  before_amt bigint not null,
  after_amt  bigint not null,
  result     jsonb not null,
  created_at timestamptz not null default now(),
  unique (vendor_id, tx_id)
);
create unique index wallet_tx_rollback_uq on wallet_tx(vendor_id, ref_tx_id) where kind = 'rollback';
create index wallet_tx_bet_idx on wallet_tx(bet_id);
create index wallet_tx_member_idx on wallet_tx(member_id, created_at desc);
create index wallet_tx_site_idx on wallet_tx(site_id);

-- Settled bets per member, KST day and category. scope 'O': the member's own bets, with the
-- rolling and losing it earned; scope 'T': every bet of its subtree, with the rolling and losing
-- paid inside that subtree (floor(stake x rate), floor(loss x loseRate) at its level).
create table daily_stat (
  site_id   text not null references site(id),
  member_id bigint not null references member(id),
  scope     char(1) not null check (scope in ('O','T')),
  day       date not null,
  category  text not null,
  bet_cnt   integer not null default 0,
  stake     bigint not null default 0,
  win       bigint not null default 0,
  rolling   bigint not null default 0,
  losing    bigint not null default 0,
  primary key (member_id, scope, day, category)
);
create index daily_stat_site_idx on daily_stat(site_id, day);
