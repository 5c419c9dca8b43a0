-- Cash coupons (src/server/domain/money/coupons.ts, functions/money_coupons.sql). Issuing moves the
-- whole face value from the issuer (the house for the operator, else the partner) into the site's
-- coupon reserve account; redeeming moves one coupon's amount from the reserve to its member; an
-- expired coupon's amount goes back to its issuer. status: open -> used | expired, each once.
create table coupon (
  id          bigserial primary key,
  site_id     text not null,
  -- whose money the reserve came from and goes back to: the house account or a partner
  issuer_id   bigint not null references member (id),
  -- who issued it: the operator or the partner
  issued_by   bigint not null references member (id),
  member_id   bigint not null references member (id),
  amount      bigint not null check (amount > 0),
  status      text not null default 'open' check (status in ('open', 'used', 'expired')),
  expires_at  timestamptz not null,
  created_at  timestamptz not null,
  -- when it was used or expired
  closed_at   timestamptz,
  -- the ledger move of its issue (one per issue call, however many coupons)
  issue_move  bigint not null,
  memo        text
);
create index coupon_member on coupon (member_id, status, id);
create index coupon_issuer on coupon (issuer_id);
create index coupon_issued_by on coupon (issued_by, created_at);
create index coupon_site on coupon (site_id, created_at);
create index coupon_issue_move on coupon (issue_move);
-- the upkeep step finds what is due without reading the used and expired ones
create index coupon_due on coupon (site_id, expires_at) where status = 'open';
