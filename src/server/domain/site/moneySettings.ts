import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { depositEventKeys, depositEventRates, type DepositEventRates } from '../money/depositEvents.js';

export type Yn = 'Y' | 'N';
export interface CashSwitch {
  inAmtYn: Yn;
  outAmtYn: Yn;
}

/**
 * The operator's money settings of a site, kept in site.options: the site-wide deposit and
 * withdrawal switches (C001 / C201) and the deposit event percentages.
 */

/** Deposits and withdrawals are open unless the operator set the switch to N. */
export function cashSwitchOf(options: Record<string, unknown> | null | undefined): CashSwitch {
  const o = options ?? {};
  return { inAmtYn: o.inAmtYn === 'N' ? 'N' : 'Y', outAmtYn: o.outAmtYn === 'N' ? 'N' : 'Y' };
}

/** The switch read fresh from the database: a ban holds at once on every instance, not after a cache refresh. */
export async function cashSwitch(db: Db, siteId: string): Promise<CashSwitch> {
  const r = await db.selectFrom('site').select('options').where('id', '=', siteId).executeTakeFirstOrThrow();
  return cashSwitchOf(r.options);
}

/** Sets either switch (the other stays) and answers the new state. */
export async function setCashSwitch(db: Db, siteId: string, req: Partial<CashSwitch>): Promise<CashSwitch> {
  const patch: Record<string, Yn> = {};
  if (req.inAmtYn) patch.inAmtYn = req.inAmtYn;
  if (req.outAmtYn) patch.outAmtYn = req.outAmtYn;
  const r = await db
    .updateTable('site')
    .set({ options: sql`options || ${JSON.stringify(patch)}::jsonb` })
    .where('id', '=', siteId)
    .returning('options')
    .executeTakeFirstOrThrow();
  return cashSwitchOf(r.options);
}

/** C001 while deposits are banned site-wide, C201 while withdrawals are; checked before any other rule. */
export async function refuseWhenBanned(db: Db, siteId: string, kind: 'in' | 'out') {
  const s = await cashSwitch(db, siteId);
  if (kind === 'in' && s.inAmtYn === 'N') throw new ApiError('C001');
  if (kind === 'out' && s.outAmtYn === 'N') throw new ApiError('C201');
}

/** Sets any of the deposit event percentages (the others stay) and answers all three. */
export async function setDepositEvents(db: Db, siteId: string, req: Partial<DepositEventRates>): Promise<DepositEventRates> {
  const patch: Record<string, number> = {};
  for (const k of Object.keys(depositEventKeys) as (keyof DepositEventRates)[]) {
    if (req[k] !== undefined) patch[depositEventKeys[k]] = req[k];
  }
  const r = await db
    .updateTable('site')
    .set({ options: sql`options || ${JSON.stringify(patch)}::jsonb` })
    .where('id', '=', siteId)
    .returning('options')
    .executeTakeFirstOrThrow();
  return depositEventRates(r.options);
}

export async function siteMoneySettings(db: Db, siteId: string) {
  const r = await db.selectFrom('site').select('options').where('id', '=', siteId).executeTakeFirstOrThrow();
  return { ...cashSwitchOf(r.options), ...depositEventRates(r.options) };
}
