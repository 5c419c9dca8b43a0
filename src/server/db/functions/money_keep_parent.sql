-- A site, vendor or game is never deleted: money points at them, and the rows written at volume
-- keep no foreign key to them (migration 150_hot_parents.sql says why).
create or replace function money_keep_parent() returns trigger language plpgsql as $$
begin
  raise exception '% rows are never deleted: money points at them', tg_table_name using errcode = 'restrict_violation';
end $$;
create or replace trigger site_kept before delete or truncate on site for each statement execute function money_keep_parent();
create or replace trigger vendor_kept before delete or truncate on vendor for each statement execute function money_keep_parent();
create or replace trigger game_kept before delete or truncate on game for each statement execute function money_keep_parent();
