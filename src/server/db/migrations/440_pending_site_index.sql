-- ledger_pending is a queue the accrual step drains within a second; the (site, move) index served
-- only the ledger check's scan of it, and every pending row paid three index writes for it.
drop index if exists ledger_pending_site_idx;
