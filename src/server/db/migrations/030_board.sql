-- Communication and site operations: inquiries and notices, operator replies, messages,
-- popups and banners, and the site-wide bet lock.
alter table site add column lock_bet_yn char(1) not null default 'N' check (lock_bet_yn in ('Y','N'));

create table board_post (
  id            bigserial primary key,
  site_id       text not null references site(id),
  board_type    text not null check (board_type in ('faq','nt','normal')),
  category      text not null default '',
  faq_type      text check (faq_type in ('bankaccount','etc')),
  title         text not null,
  content       text not null,                 -- stored as safe HTML (sanitised or escaped on write)
  status        text not null default 'WAIT' check (status in ('ANSWER','WAIT')),
  is_read_admin char(1) not null default 'N' check (is_read_admin in ('Y','N')),
  member_id     bigint not null references member(id),
  del_yn        char(1) not null default 'N' check (del_yn in ('Y','N')),
  reg_date      timestamptz not null default now(),
  upd_date      timestamptz
);
create index board_post_list_idx on board_post(site_id, board_type, reg_date desc) where del_yn = 'N';
create index board_post_member_idx on board_post(member_id, board_type, reg_date desc);

create table board_comment (
  id        bigserial primary key,
  site_id   text not null references site(id),
  post_id   bigint not null references board_post(id),
  member_id bigint not null references member(id),   -- the operator who replied
  content   text not null,
  read_yn   char(1) not null default 'N' check (read_yn in ('Y','N')),  -- read by the post's author
  reg_date  timestamptz not null default now()
);
create index board_comment_post_idx on board_comment(post_id, reg_date);
create index board_comment_member_idx on board_comment(member_id);
create index board_comment_site_idx on board_comment(site_id);
create index board_post_site_idx on board_post(site_id);

create table message (
  id          bigserial primary key,
  site_id     text not null references site(id),
  receiver_id bigint not null references member(id),
  sender_id   bigint references member(id),
  title       text not null,
  description text not null,
  notice_yn   char(1) not null default 'N' check (notice_yn in ('Y','N')),
  msg_status  char(1) not null default 'N' check (msg_status in ('N','Y')),  -- N unread, Y read
  status      char(1) not null default 'Y' check (status in ('Y','N')),      -- N deleted by the receiver
  send_date   timestamptz not null default now(),
  read_date   timestamptz
);
create index message_receiver_idx on message(receiver_id, send_date desc) where status = 'Y';
create index message_receiver_all_idx on message(receiver_id, send_date desc);
create index message_sender_idx on message(sender_id);
create index message_site_idx on message(site_id, send_date desc);

create table popup (
  id         bigserial primary key,
  site_id    text not null references site(id),
  kind       text not null check (kind in ('popup','banner')),
  title      text not null,
  content    text not null default '',
  image_url  text,
  link_url   text,
  start_date timestamptz,
  end_date   timestamptz,
  use_yn     char(1) not null default 'Y' check (use_yn in ('Y','N')),
  ord        integer not null default 0,
  del_yn     char(1) not null default 'N' check (del_yn in ('Y','N')),
  reg_date   timestamptz not null default now()
);
create index popup_site_idx on popup(site_id, kind, ord) where del_yn = 'N';
