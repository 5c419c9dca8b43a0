-- Sign-ups per site and Korea-time day (member_join_daily), kept by the member inserts themselves.
create or replace function member_join_count() returns trigger language plpgsql as $$
begin
  insert into member_join_daily (site_id, day, joins)
    select site_id, (created_at at time zone 'Asia/Seoul')::date, count(*) from inserted
    where login_type in ('NORMAL', 'PARTNER', 'P_NORMAL') group by 1, 2
  on conflict (site_id, day) do update set joins = member_join_daily.joins + excluded.joins;
  return null;
end $$;

create or replace trigger member_join_count after insert on member
  referencing new table as inserted for each statement execute function member_join_count();
