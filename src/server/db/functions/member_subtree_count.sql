-- Head count below each member per level (member_subtree), kept by the closure inserts themselves.
create or replace function member_subtree_count() returns trigger language plpgsql as $$
begin
  insert into member_subtree (ancestor_id, partner_level, cnt)
  select a.ancestor_id, m.partner_level, count(*)
  from added a join member m on m.id = a.descendant_id
  where a.depth > 0
  group by a.ancestor_id, m.partner_level
  on conflict (ancestor_id, partner_level) do update set cnt = member_subtree.cnt + excluded.cnt;
  return null;
end $$;

create or replace trigger member_path_count after insert on member_path
  referencing new table as added for each statement execute function member_subtree_count();
