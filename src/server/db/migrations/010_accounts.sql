-- Expired captchas are swept on every issue; this keeps the sweep an index range scan.
create index captcha_expires_idx on captcha(expires_at);
