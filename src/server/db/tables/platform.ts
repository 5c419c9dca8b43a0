import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The platform above the sites: its accounts (owner, staff), first-start setup link and sessions. */
export interface PlatformTables {
  platform_account: {
    id: Generated<number>;
    login_id: string;
    pass_hash: string;
    role: 'owner' | 'staff';
    totp_secret: string;
    totp_step: Generated<number>;
    failed: Generated<number>;
    locked_until: Date | null;
    created_at: Generated<Date>;
    /** staff the owner removed (migration 370): kept, never signs in again */
    removed_at: Generated<Date | null>;
  };
  platform_recovery: { id: Generated<number>; account_id: number; code_hash: string; used_at: Date | null };
  platform_setup: { token_hash: string; pending_secret: string; expires_at: Stamp; used_at: Date | null };
  platform_session: { id: Generated<number>; account_id: number; token_hash: string; ip: string | null; created_at: Generated<Date>; expires_at: Stamp; ended_at: Date | null };
  /** a staff member's one-time invitation (only its hash) and the enrolment it shows (migration 370) */
  platform_staff_invite: {
    id: Generated<number>;
    token_hash: string;
    pending_secret: string;
    created_by: number;
    expires_at: Stamp;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  /** a site's first operator's one-time invitation (only its hash) */
  site_invite: { id: Generated<number>; site_id: string; token_hash: string; created_by: number | null; expires_at: Stamp; used_at: Date | null; created_at: Generated<Date> };
}
