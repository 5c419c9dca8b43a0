-- An operator who has never turned two-factor on is offered it after signing in, until it says
-- "later" once: kept on the account, not the device, so a new phone or a cleared browser does not ask again.
alter table member add column if not exists otp_offer_later_at timestamptz;
