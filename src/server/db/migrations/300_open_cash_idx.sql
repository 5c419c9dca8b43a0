-- The metrics read the undecided cash requests (status 0 applied, 2 waiting) at every scrape: a
-- partial index keeps that read to the open ones however long the history grows.
create index if not exists cash_request_open_idx on cash_request (created_at) where status in (0, 2);
