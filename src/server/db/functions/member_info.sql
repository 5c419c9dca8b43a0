-- /api/member/info and the login answer in one call whose plan the server keeps per connection:
-- planning the plain statement (member row, pending points, unread counts) cost several times
-- its execution. The same rules as src/server/domain/money/shownBalance.ts (points shown =
-- stored + pending) and src/server/domain/board/unread.ts (what the notice box counts); the
-- caller passes the message retention limits.
create or replace function member_info(p_member bigint, p_since timestamptz, p_keep integer)
returns table (
  mem_id text, mem_name text, mem_nick text, partner_level text, login_type text,
  cash_amt bigint, game_amt bigint, out_amt_yn text, point_amt bigint, new_msg bigint, new_answer bigint
)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  return query
  select m.mem_id, m.mem_name, m.mem_nick, m.partner_level, m.login_type, m.cash_amt, m.game_amt, m.out_amt_yn::text,
    m.point_amt + coalesce((select sum(lp.amount) from ledger_pending lp where lp.member_id = m.id and lp.kind = 'point'), 0)::bigint,
    (select count(*) from (select x.msg_status from message x
       where x.receiver_id = m.id and x.status = 'Y' and x.send_date > p_since
       order by x.send_date desc, x.id desc limit p_keep) k where k.msg_status = 'N'),
    (select count(*) from board_post p where p.member_id = m.id and p.board_type = 'faq' and p.del_yn = 'N'
       and p.status = 'ANSWER' and exists (select 1 from board_comment c where c.post_id = p.id and c.read_yn = 'N'))
  from member m
  where m.id = p_member;
end
$$;
