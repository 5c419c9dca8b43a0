-- Money: the double-entry ledger, idempotency keys and player cash requests.
create sequence ledger_move_seq;

-- One row per account side of a movement; the rows of one move_id sum to zero per kind.
create table ledger_entry (
  id              bigserial primary key,
  site_id         text not null references site(id),
  move_id         bigint not null,
  member_id       bigint not null references member(id),
  counterpart_id  bigint not null references member(id),
  kind            text not null check (kind in ('cash','point')),
  type_code       integer not null,
  before_amt      bigint not null,
  amount          bigint not null,
  after_amt       bigint not null,
  sender_id       bigint not null references member(id),
  receiver_id     bigint not null references member(id),
  memo            text,
  request_key     text,
  cash_request_id bigint,
  detail          jsonb,
  created_at      timestamptz not null default now(),
  check (after_amt = before_amt + amount)
);
create index ledger_entry_member_idx on ledger_entry(member_id, kind, created_at desc);
create index ledger_entry_site_idx on ledger_entry(site_id, kind, created_at desc);
create index ledger_entry_move_idx on ledger_entry(move_id);
create index ledger_entry_counterpart_idx on ledger_entry(counterpart_id);
create index ledger_entry_sender_idx on ledger_entry(sender_id);
create index ledger_entry_receiver_idx on ledger_entry(receiver_id);
create index ledger_entry_request_idx on ledger_entry(cash_request_id) where cash_request_id is not null;

-- A finished money call per (site, caller, client request id); replays answer the stored result.
create table request_key (
  site_id    text not null references site(id),
  member_id  bigint not null references member(id),
  key        text not null,
  call       text not null,
  result     jsonb,
  created_at timestamptz not null default now(),
  primary key (site_id, member_id, key)
);
create index request_key_created_idx on request_key(created_at);

-- Player deposit (1) and withdrawal (-1) requests: 0 applied, 2 waiting, 1 complete, -1 cancelled/rejected.
create table cash_request (
  id           bigserial primary key,
  site_id      text not null references site(id),
  member_id    bigint not null references member(id),
  cash_type    integer not null check (cash_type in (1, -1)),
  amount       bigint not null check (amount > 0),
  status       integer not null default 0 check (status in (0, 2, 1, -1)),
  request_key  text,
  processed_by bigint references member(id),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);
create index cash_request_site_idx on cash_request(site_id, created_at desc);
create index cash_request_member_idx on cash_request(member_id, created_at desc);
create index cash_request_processed_idx on cash_request(processed_by);
-- at most one open request per member and direction, whatever the races
create unique index cash_request_open_uq on cash_request(member_id, cash_type) where status in (0, 2);
alter table ledger_entry add foreign key (cash_request_id) references cash_request(id);
