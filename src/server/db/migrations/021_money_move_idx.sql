-- Pairs the two sides of a movement by (move, account) directly, so list joins never fall back to scanning an account's history.
drop index if exists ledger_entry_move_idx;
create index ledger_entry_move_member_idx on ledger_entry(move_id, member_id);
