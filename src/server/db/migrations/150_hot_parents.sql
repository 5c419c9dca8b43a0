-- Hot paths: a foreign key check takes a key-share lock on the row it points at. Every bet, win,
-- give and accrual batch of a site inserted ledger entries, bets, wallet transactions and request keys pointing
-- at the same few rows (the site, the vendor, the game, the house as counterpart), so concurrent
-- transactions kept turning those rows into multixacts: one shared lock chain again, costing about
-- a third of a wallet callback's database time. The keys to those shared rows go; each row keeps
-- its key to the member it belongs to (a row the writer has already locked).
--
-- What the keys also guarded, that a referenced row is never deleted, is kept by statement
-- triggers (src/server/db/functions/money_keep_parent.sql): a site, vendor or game is never
-- deleted (nothing in Pitboss deletes one, and money points at it).
alter table ledger_entry
  drop constraint ledger_entry_site_id_fkey,
  drop constraint ledger_entry_counterpart_id_fkey,
  drop constraint ledger_entry_sender_id_fkey,
  drop constraint ledger_entry_receiver_id_fkey;
alter table bet
  drop constraint bet_site_id_fkey,
  drop constraint bet_vendor_id_fkey,
  drop constraint bet_game_id_fkey;
alter table wallet_tx
  drop constraint wallet_tx_site_id_fkey,
  drop constraint wallet_tx_vendor_id_fkey;
alter table daily_stat drop constraint daily_stat_site_id_fkey;
alter table request_key drop constraint request_key_site_id_fkey;

-- no query looks entries up by these columns; each index was one more write per entry
drop index ledger_entry_counterpart_idx;
drop index ledger_entry_sender_idx;
drop index ledger_entry_receiver_idx;
