-- Hot paths: credits that need no sufficiency check (the house side of bets and wins, rolling
-- points to ancestors) and the daily figures of a settled bet are written in the movement's
-- transaction here, then applied to balances, ledger_entry and daily_stat by the batched accrual
-- step (src/server/domain/money/accrual.ts). A balance shown to a person is stored + pending.
-- No foreign keys to member: their key-share locks would queue bets behind the accrual batch.
create table ledger_pending (
  id              bigserial primary key,
  site_id         text not null,
  move_id         bigint not null,
  member_id       bigint not null,
  counterpart_id  bigint not null,
  kind            text not null check (kind in ('cash','point')),
  type_code       integer not null,
  amount          bigint not null,
  sender_id       bigint not null,
  receiver_id     bigint not null,
  memo            text,
  request_key     text,
  cash_request_id bigint,
  detail          jsonb,
  created_at      timestamptz not null
);
create index ledger_pending_member_idx on ledger_pending(member_id, kind);
create index ledger_pending_site_idx on ledger_pending(site_id, move_id);

create table daily_pending (
  id        bigserial primary key,
  site_id   text not null,
  member_id bigint not null,
  scope     char(1) not null,
  day       date not null,
  category  text not null,
  bet_cnt   integer not null,
  stake     bigint not null,
  win       bigint not null,
  rolling   bigint not null,
  losing    bigint not null
);
