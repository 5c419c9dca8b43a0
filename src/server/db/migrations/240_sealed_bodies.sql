-- sealed bodies: every call's body travels as an AES-GCM envelope (docs/encrypted-bodies.md); off unless the operator turns it on
alter table site add column seal_yn char(1) not null default 'N' check (seal_yn in ('Y','N'));
