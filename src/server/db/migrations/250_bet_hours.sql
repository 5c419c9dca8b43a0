-- Settled bets per site and hour (the operator home's "today by hour"): kept by the accrual step as
-- daily_stat is, so the home reads 24 rows instead of summing a day of bets. A pending row carries
-- its settle time; rows pending now (no time) are already in the backfill below.
alter table daily_pending add column settled_at timestamptz;

create table bet_hour_stat (
  site_id text not null,
  hour    timestamptz not null,
  bet_cnt integer not null,
  stake   bigint not null,
  win     bigint not null,
  primary key (site_id, hour)
);

insert into bet_hour_stat (site_id, hour, bet_cnt, stake, win)
select site_id, date_trunc('hour', settled_at, 'Asia/Seoul'), count(*), sum(stake), sum(win)
from bet
-- the home shows today: recent days are enough, and the created_at bound reads only the last partitions
where status in ('win', 'lose', 'draw') and settled_at >= now() - interval '3 days' and created_at >= now() - interval '40 days'
group by 1, 2;
