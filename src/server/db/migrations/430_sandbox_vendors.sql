-- Sandbox vendor credentials: a vendor of its own (code, sealed secret, transaction ids) that the
-- platform issues for one site so a game vendor can run its integration (npm run vendor-check)
-- before going live. It plays only for the site's test players, and they only with it (W010).
-- A test player never signs in, holds play money only (from the site's play-money account, never
-- the house), and its bets stay out of the site's figures. Revoked: unknown to the wallet (W001).
alter table vendor add column if not exists sandbox boolean not null default false;
alter table vendor add column if not exists revoked_at timestamptz;
alter table member add column if not exists test_player boolean not null default false;
