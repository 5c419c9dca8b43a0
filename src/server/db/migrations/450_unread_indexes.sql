-- Indexes no query reads, which every wallet callback wrote into (a bet and its win: six entries).
-- wallet_tx is read by its key (a replayed callback's first answer, wallet_parts.sql) and by member
-- and time (a member's wallet transactions, partnerFigures.ts), never by bet or site; bet is read by
-- its key, member, site and open status, and joins its game by the game's key, never the reverse.
drop index if exists wallet_tx_bet_idx;
drop index if exists wallet_tx_site_idx;
drop index if exists bet_game_idx;
