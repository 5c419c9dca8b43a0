-- When the session's owner last proved its password (a re-authentication or a security change
-- that asked it): security changes within the contract's reauthMinutes of it skip the password.
alter table session add column if not exists reauth_at timestamptz;
