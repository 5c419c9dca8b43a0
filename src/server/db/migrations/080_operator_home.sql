-- The operator's home: the last ledger check per site, and indexes that keep its one call fast
-- on big sites (every figure is an index range over a day bucket or a small partial index).
create table ledger_check (
  site_id    text primary key references site(id),
  ok         boolean not null,
  checked_at timestamptz not null,
  report     jsonb not null
);

-- open cash requests (applied / waiting): the pending tile counts a handful of rows
create index cash_request_open_idx on cash_request(site_id, status, cash_type) where status in (0, 2);
-- completed requests by processing time: deposits and withdrawals per KST day
create index cash_request_done_idx on cash_request(site_id, updated_at) include (cash_type, amount) where status = 1;
-- inquiries still waiting for an answer
create index board_post_waiting_idx on board_post(site_id) where board_type = 'faq' and status = 'WAIT' and del_yn = 'N';
-- joins per KST day, counted as members are inserted (one upsert per statement, so bulk loads
-- stay cheap): the home reads 30 small rows instead of scanning every member who joined
create table member_join_daily (
  site_id text not null references site(id),
  day     date not null,
  joins   integer not null,
  primary key (site_id, day)
);
insert into member_join_daily (site_id, day, joins)
  select site_id, (created_at at time zone 'Asia/Seoul')::date, count(*) from member
  where login_type in ('NORMAL', 'PARTNER', 'P_NORMAL') group by 1, 2;
-- kept by the trigger of src/server/db/functions/member_join_count.sql
-- the tops of the tree, whose daily figures ('T') are the whole site's
create index member_root_idx on member(site_id) where parent_id is null;
-- live sessions: members online now
create index session_live_idx on session(site_id, expires_at) include (member_id) where ended_at is null;
