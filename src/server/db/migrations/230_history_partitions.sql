-- History that stays fast when large: bet, ledger_entry and wallet_tx partitioned by RANGE on
-- created_at, one partition per Korea-time month (bet_2026_11 holds 2026-11-01 00:00 KST up to
-- 2026-12-01 00:00 KST), plus a DEFAULT partition so a write never fails when upkeep
-- (functions/history.sql, history_upkeep) has not yet made its month. A date-range report prunes
-- to its months; an old month is detached for archive with history_detach('2026-01').
--
-- Keys on a partitioned table must hold the partition column:
-- - the primary keys become (id, created_at); ids keep coming from the same sequences.
-- - unique (vendor_id, tx_id) of wallet_tx and bet and the one-rollback-per-bet key of wallet_tx
--   cannot hold the month (a vendor's id is unique for ever, not per month), so they live in
--   wallet_tx_key, a narrow table that is not partitioned: one row per vendor transaction, written
--   in the same transaction as its wallet_tx row (functions/wallet_parts.sql, wallet_record). Every
--   bet is written with its wallet_tx 'bet' row, so that key covers bet's (vendor_id, tx_id) too,
--   and it points at the bet (bet_id, created_at) so a win or rollback finds it in its month.
-- - the foreign keys bet_leg.bet_id -> bet(id) and wallet_tx.bet_id -> bet(id) cannot point at a
--   key without the month and go: the only writer of both is wallet_bet (and wallet_win /
--   wallet_rollback for wallet_tx), which inserts the bet first in the same transaction and never
--   deletes one; a bet's month is only ever detached as a whole with its legs' and transactions'.
-- Idempotency of money calls stays where it lives (request_key, not partitioned).

-- the vendor transaction ids, for ever (kept when a month is archived: a replayed id stays refused)
create table wallet_tx_key (
  site_id    text not null,
  vendor_id  bigint not null,
  tx_id      text not null,
  kind       text not null,
  member_id  bigint not null,
  ref_tx_id  text,
  bet_id     bigint,
  -- the wallet_tx row's id and month
  id         bigint not null,
  created_at timestamptz not null,
  primary key (vendor_id, tx_id)
);
create unique index wallet_tx_key_rollback_uq on wallet_tx_key(vendor_id, ref_tx_id) where kind = 'rollback';

-- per archived month, account and kind: the detached entries' count, sum and id range (the ledger
-- check and the balance rebuild add the sum to what remains; an account's chain of entries resumes
-- after the range with the sum added)
create table ledger_archive (
  month      text not null,
  site_id    text not null,
  member_id  bigint not null,
  kind       text not null,
  entries    bigint not null,
  amount     bigint not null,
  min_id     bigint not null,
  max_id     bigint not null,
  primary key (member_id, kind, month)
);
create index ledger_archive_site_idx on ledger_archive(site_id);

create table history_archive (
  month       text primary key,
  detached_at timestamptz not null default now()
);

alter table bet_leg drop constraint bet_leg_bet_id_fkey;

alter table bet rename to bet_old;
alter table ledger_entry rename to ledger_entry_old;
alter table wallet_tx rename to wallet_tx_old;

create table bet (like bet_old including defaults including constraints) partition by range (created_at);
create table ledger_entry (like ledger_entry_old including defaults including constraints) partition by range (created_at);
create table wallet_tx (like wallet_tx_old including defaults including constraints) partition by range (created_at);
alter sequence bet_id_seq owned by bet.id;
alter sequence ledger_entry_id_seq owned by ledger_entry.id;
alter sequence wallet_tx_id_seq owned by wallet_tx.id;

-- the months of the rows there are, from last month at the latest through two months ahead (what
-- upkeep keeps, so the first start-up has none to make), and the default partition
do $$
declare
  t text;
  first date;
  m date;
  this date := date_trunc('month', now() at time zone 'Asia/Seoul')::date;
  last date := (this + interval '2 months')::date;
begin
  foreach t in array array['bet', 'ledger_entry', 'wallet_tx'] loop
    execute format('select date_trunc(''month'', min(created_at) at time zone ''Asia/Seoul'')::date from %I', t || '_old') into first;
    m := least(coalesce(first, this), (this - interval '1 month')::date);
    while m <= last loop
      execute format('create table %I partition of %I for values from (%L) to (%L)', t || to_char(m, '_YYYY_MM'), t,
                     m::text || ' 00:00:00+09', (m + interval '1 month')::date::text || ' 00:00:00+09');
      m := (m + interval '1 month')::date;
    end loop;
    execute format('create table %I partition of %I default', t || '_default', t);
  end loop;
end $$;

insert into bet select * from bet_old;
insert into ledger_entry select * from ledger_entry_old;
insert into wallet_tx select * from wallet_tx_old;
insert into wallet_tx_key (site_id, vendor_id, tx_id, kind, member_id, ref_tx_id, bet_id, id, created_at)
select site_id, vendor_id, tx_id, kind, member_id, ref_tx_id, bet_id, id, created_at from wallet_tx_old;

drop table wallet_tx_old;
drop table bet_old;
drop table ledger_entry_old;

alter table bet add primary key (id, created_at);
alter table bet add foreign key (member_id) references member(id);
create index bet_member_idx on bet(member_id, created_at desc);
create index bet_site_idx on bet(site_id, category, created_at desc);
create index bet_game_idx on bet(game_id);
create index bet_open_idx on bet(member_id, vendor_id) where status = 'wait';

alter table ledger_entry add primary key (id, created_at);
alter table ledger_entry add foreign key (member_id) references member(id);
alter table ledger_entry add foreign key (cash_request_id) references cash_request(id);
create index ledger_entry_member_idx on ledger_entry(member_id, kind, created_at desc);
create index ledger_entry_site_idx on ledger_entry(site_id, kind, created_at desc);
create index ledger_entry_move_member_idx on ledger_entry(move_id, member_id);
create index ledger_entry_request_idx on ledger_entry(cash_request_id) where cash_request_id is not null;

alter table wallet_tx add primary key (id, created_at);
alter table wallet_tx add foreign key (member_id) references member(id);
create index wallet_tx_bet_idx on wallet_tx(bet_id);
create index wallet_tx_member_idx on wallet_tx(member_id, created_at desc);
create index wallet_tx_site_idx on wallet_tx(site_id);
