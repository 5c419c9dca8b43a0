import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string, Date | string>;

/** Two-factor sign-in: secrets, recovery codes and the login tickets between the two steps. */
export interface TwoFactorTables {
  member_totp: { member_id: number; site_id: string; secret: string | null; pending_secret: string | null; enabled_at: Date | null; last_step: Generated<number> };
  totp_recovery: { id: Generated<number>; member_id: number; code_hash: string; used_at: Date | null };
  login_ticket: { ticket_hash: string; site_id: string; member_id: number; purpose: 'code' | 'enrol'; expires_at: Stamp; used_at: Date | null };
}
