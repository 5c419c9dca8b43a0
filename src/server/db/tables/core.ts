import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | T | undefined, string | T>;

export interface CoreTables {
  schema_migration: { name: string; applied_at: Generated<Date> };
  site: {
    id: string;
    prefix: string;
    name: string;
    api_key: string;
    vendor: Generated<string>;
    cash_decimal: Generated<number>;
    languages: Generated<string>;
    options: Jsonb<Record<string, unknown>>;
    check_start: Date | null;
    check_end: Date | null;
    lock_bet_yn: Generated<'Y' | 'N'>;
    seal_yn: Generated<'Y' | 'N'>;
    created_at: Generated<Date>;
    /** the platform's hold on the site (migration 330) */
    state: Generated<'open' | 'suspended' | 'archived'>;
    state_at: Date | null;
    old_api_key: string | null;
    old_key_until: Date | null;
  };
  member: {
    id: Generated<number>;
    site_id: string;
    mem_id: string;
    pass_hash: string;
    cash_out_pass_hash: string | null;
    mem_nick: string;
    mem_name: string | null;
    mem_phone: string | null;
    bank: string | null;
    bank_acc: string | null;
    partner_level: string;
    login_type: string;
    parent_id: number | null;
    status: Generated<string>;
    login_yn: Generated<string>;
    out_amt_yn: Generated<string>;
    cash_amt: Generated<number>;
    point_amt: Generated<number>;
    game_amt: Generated<number>;
    failed_logins: Generated<number>;
    locked_until: Stamp | null;
    lock_set_at: Date | null;
    out_pass_fails: Generated<number>;
    out_locked_until: Stamp | null;
    last_login_at: Date | null;
    last_login_ip: string | null;
    login_count: Generated<number>;
    /** when an operator put off the two-factor offer after signing in */
    otp_offer_later_at: Date | null;
    /** a sandbox credential's player: play money only, never signs in, out of the figures (migration 430) */
    test_player: Generated<boolean>;
    created_at: Stamp & Generated<Date>;
    updated_at: Generated<Date>;
  };
  member_path: { ancestor_id: number; descendant_id: number; depth: number };
  member_limit: {
    member_id: number;
    site_id: string;
    kind: string;
    amount: number | null;
    pending_amount: number | null;
    applies_at: Date | null;
    updated_at: Stamp;
  };
  member_protection: {
    member_id: number;
    site_id: string;
    break_until: Date | null;
    excluded_until: Date | null;
    reality_minutes: number | null;
    updated_at: Stamp;
  };
  session: {
    id: Generated<number>;
    site_id: string;
    member_id: number;
    token_hash: string;
    ip: string | null;
    created_at: Generated<Date>;
    expires_at: Stamp;
    ended_at: Date | null;
    end_reason: string | null;
    reauth_at: Date | null;
  };
  captcha: { id: string; site_id: string; answer_hash: string; expires_at: Stamp; used_at: Date | null };
  auth_secret: { name: string; secret: string; created_at: Generated<Date> };
  login_device: { id: string; member_id: number; failed: Generated<number>; locked_until: Date | null; created_at: Generated<Date>; last_seen_at: Generated<Date> };
  login_failure: { id: Generated<number>; site_id: string; member_id: number; ip: string | null; trusted: Generated<boolean>; at: Generated<Date> };
  ip_block: { site_id: string; ip: string; created_by: number | null; created_at: Generated<Date> };
  audit_log: {
    id: Generated<number>;
    site_id: string;
    actor_id: number | null;
    actor: string;
    action: string;
    target: string | null;
    before: Jsonb<unknown> | null;
    after: Jsonb<unknown> | null;
    ip: string | null;
    at: Generated<Date>;
    /** the site chain: position, hash of the row before, hash of this row (set by appendAudit) */
    seq: Generated<number | null>;
    prev_hash: Generated<Buffer | null>;
    hash: Generated<Buffer | null>;
    /** hashed under the audit key (migration 310); false: a plain SHA-256 row from before */
    keyed: Generated<boolean>;
  };
  audit_refusal: { site_id: string; actor_id: number; action: string; code: string; minute: Date; count: Generated<number>; audit_id: number | null };
  audit_chain_head: { site_id: string; last_seq: number; last_hash: Buffer };
  login_log: { id: Generated<number>; site_id: string; member_id: number; access_ip: string | null; access_date: Generated<Date> };
  common_code: {
    master_code: string;
    group_code: string;
    code: string;
    code_name: string;
    code_name_en: string;
    code_name_vn: string;
    ord: Generated<number>;
  };
  bank: { bank_code: string; bank_name_kr: string; bank_name_en: string; ord: Generated<number> };
}
