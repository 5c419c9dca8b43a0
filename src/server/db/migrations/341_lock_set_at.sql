-- When wrong passwords last set the member's lock: the operator's account may be locked by
-- failures from untrusted devices once per window only (limits.operatorLockWindowHours), so an
-- attacker cannot keep renewing it; its owner's trusted devices sign in regardless.
alter table member add column if not exists lock_set_at timestamptz;
