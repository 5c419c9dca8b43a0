-- A request id reused with a different body is refused (C998) instead of replaying the first answer.
alter table request_key add column body_hash text;
