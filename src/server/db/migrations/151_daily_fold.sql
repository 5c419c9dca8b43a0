-- Hot paths: a settled bet's daily figures as one pending row. The win wrote one daily_pending row
-- per path level and scope (about 13 for an eight-level path), each inserted and later deleted; it
-- now writes one row holding the path and each level's rolling and losing, and the accrual step
-- expands it into the same daily_stat figures. Rows pending at this migration are applied first.
insert into daily_stat (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
select site_id, member_id, scope, day, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
from daily_pending group by site_id, member_id, scope, day, category
on conflict (member_id, scope, day, category) do update set
  bet_cnt = daily_stat.bet_cnt + excluded.bet_cnt, stake = daily_stat.stake + excluded.stake, win = daily_stat.win + excluded.win,
  rolling = daily_stat.rolling + excluded.rolling, losing = daily_stat.losing + excluded.losing;
drop table daily_pending;

-- One settled bet: the path bettor first, and per level the rolling paid and cumulative (on the
-- stake) and the losing paid and cumulative (on the net loss), as commission_split answers them.
create table daily_pending (
  id           bigserial primary key,
  site_id      text not null,
  day          date not null,
  category     text not null,
  stake        bigint not null,
  win          bigint not null,
  path         bigint[] not null,
  rolling_paid bigint[] not null,
  rolling_cum  bigint[] not null,
  losing_paid  bigint[] not null,
  losing_cum   bigint[] not null
);
-- The win writes it (functions/wallet_win.sql), the accrual step expands it (functions/accrual.sql).
