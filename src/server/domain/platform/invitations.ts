/**
 * The open invitations the console lists and revokes. "Open": not used, not expired. Revoking (or
 * the maker's removal) ends a link by setting its expiry to now, the same way a fresh operator
 * link ends the one before; a link is also refused while its maker is removed (usable*Invite).
 */
import { ApiError } from '../../../contract/codes.js';
import type { OpenInvitation } from '../../../contract/platformInvites.js';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { toWire } from '../common/time.js';
import { platformAudit, type PlatformActor } from './platformAudit.js';

type Ctx = Pick<Deps, 'db' | 'clock'> & { ip?: string | null };
interface Caller {
  accountId: number;
  login_id: string;
  role: 'owner' | 'staff';
}

export async function openInvitations({ db, clock }: Ctx, me: Caller): Promise<OpenInvitation[]> {
  const now = clock.now();
  const operators = await db
    .selectFrom('site_invite as i')
    .innerJoin('site as s', 's.id', 'i.site_id')
    .leftJoin('platform_account as a', 'a.id', 'i.created_by')
    .select(['i.id', 's.prefix', 's.name', 'a.login_id', 'i.created_at', 'i.expires_at'])
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .execute();
  const staff =
    me.role === 'owner'
      ? await db
          .selectFrom('platform_staff_invite as i')
          .leftJoin('platform_account as a', 'a.id', 'i.created_by')
          .select(['i.id', 'a.login_id', 'i.created_at', 'i.expires_at'])
          .where('i.used_at', 'is', null)
          .where('i.expires_at', '>', now)
          .execute()
      : [];
  const list: OpenInvitation[] = [
    ...operators.map((r) => ({
      kind: 'operator' as const,
      id: String(r.id),
      prefix: r.prefix,
      siteName: r.name,
      by: r.login_id,
      createdAt: toWire(r.created_at),
      expiresAt: toWire(r.expires_at),
    })),
    ...staff.map((r) => ({
      kind: 'staff' as const,
      id: String(r.id),
      prefix: null,
      siteName: null,
      by: r.login_id,
      createdAt: toWire(r.created_at),
      expiresAt: toWire(r.expires_at),
    })),
  ];
  return list.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Ends one open invitation of either kind (they share their life columns); false when it was not open. */
async function endOpen(ctx: Ctx, table: 'site_invite' | 'platform_staff_invite', id: string, now: Date) {
  const row = await ctx.db
    .updateTable(table as 'site_invite')
    .set({ expires_at: now })
    .where('id', '=', Number(id))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends one open invitation now (PF023 / PF006 when it is not open); staff links are the owner's (PF005). Audited. */
export async function revokeInvitation(ctx: Ctx, me: Caller, kind: 'operator' | 'staff', id: string) {
  const now = ctx.clock.now();
  const actor: PlatformActor = { id: me.accountId, loginId: me.login_id };
  if (kind === 'staff') {
    if (me.role !== 'owner') throw new ApiError('PF005');
    if (!(await endOpen(ctx, 'platform_staff_invite', id, now))) throw new ApiError('PF006');
    await platformAudit(ctx, actor, 'staff.inviteRevoke', { id });
    return;
  }
  if (!(await endOpen(ctx, 'site_invite', id, now))) throw new ApiError('PF023');
  const site = await ctx.db
    .selectFrom('site_invite')
    .innerJoin('site', 'site.id', 'site_invite.site_id')
    .select('site.prefix')
    .where('site_invite.id', '=', Number(id))
    .executeTakeFirstOrThrow();
  await platformAudit(ctx, actor, 'site.inviteRevoke', { prefix: site.prefix, id });
}

/** Every open invitation an account made ends now (its removal); answers how many of each. */
export async function voidInvitationsOf(db: Db, accountId: number, now: Date) {
  const ops = await db
    .updateTable('site_invite')
    .set({ expires_at: now })
    .where('created_by', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  const staff = await db
    .updateTable('platform_staff_invite')
    .set({ expires_at: now })
    .where('created_by', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return { operator: ops.length, staff: staff.length };
}
