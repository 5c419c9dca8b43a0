-- All-time figures per member, scope and category: daily_stat summed over every day, kept by the
-- accrual step in the statement that adds to daily_stat. A list of members with their all-time
-- figures (the downline list) then reads one row per member and category, however long the history.
create table member_stat (
  member_id bigint not null,
  scope     char(1) not null check (scope in ('O','T')),
  category  text not null,
  bet_cnt   bigint not null,
  stake     bigint not null,
  win       bigint not null,
  rolling   bigint not null,
  losing    bigint not null,
  primary key (member_id, scope, category)
);

insert into member_stat (member_id, scope, category, bet_cnt, stake, win, rolling, losing)
select member_id, scope, category, sum(bet_cnt), sum(stake), sum(win), sum(rolling), sum(losing)
from daily_stat
group by member_id, scope, category;
