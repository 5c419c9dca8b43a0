import type { Db } from '../../db/driver.js';
import { hashToken, newToken } from './tokens.js';

export type TicketPurpose = 'code' | 'enrol';
/** Long enough to open an authenticator app (or set one up), short enough to be worthless later. */
const TICKET_MINUTES = 5;

/** The ticket a right password earns when a second step must follow; stored hashed like sessions. */
export async function issueTicket(db: Db, siteId: string, memberId: number, purpose: TicketPurpose, now: Date) {
  const ticket = newToken();
  const expiresAt = new Date(now.getTime() + TICKET_MINUTES * 60_000);
  await db.deleteFrom('login_ticket').where('member_id', '=', memberId).where('expires_at', '<', now).execute();
  await db
    .insertInto('login_ticket')
    .values({ ticket_hash: hashToken(ticket), site_id: siteId, member_id: memberId, purpose, expires_at: expiresAt })
    .execute();
  return { ticket, expiresIn: TICKET_MINUTES * 60 };
}

/** The member a live, unused ticket of this purpose belongs to, and when it was issued; null otherwise. */
export async function ticketMember(db: Db, siteId: string, ticket: string, purpose: TicketPurpose, now: Date): Promise<{ memberId: number; issuedAt: Date } | null> {
  const row = await db
    .selectFrom('login_ticket')
    .select(['member_id', 'expires_at'])
    .where('ticket_hash', '=', hashToken(ticket))
    .where('site_id', '=', siteId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { memberId: Number(row.member_id), issuedAt: new Date(new Date(row.expires_at).getTime() - TICKET_MINUTES * 60_000) } : null;
}

/** Uses the ticket up; false when another request already did. */
export async function spendTicket(db: Db, ticket: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('login_ticket')
    .set({ used_at: now })
    .where('ticket_hash', '=', hashToken(ticket))
    .where('used_at', 'is', null)
    .returning('member_id')
    .executeTakeFirst();
  return !!row;
}
