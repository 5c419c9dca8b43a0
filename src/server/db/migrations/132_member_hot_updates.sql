-- Hot paths: every bet, win, give and accrual batch changes a member's balance. An index on a
-- balance made each such update write a new entry into every one of member's indexes (no HOT
-- update): the bettors' own lookups walked ever longer runs of dead entries and autovacuum had to
-- keep cleaning all of them. Without them balance updates stay on their page and touch no index;
-- the partner lists ordered by cash or points sort the subtree's rows instead (top-N, in memory).
drop index member_site_cash_idx;
drop index member_site_point_idx;
-- room on each page for a row's next version, so an update can stay on its page
alter table member set (fillfactor = 90);
