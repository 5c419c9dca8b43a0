import { sql } from 'kysely';
import { limits } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { movementHead, runMovement, systemAccounts, type Actor, type MoneyResult } from './ledger.js';

export const CONVERSION_GAP_MS = 60_000;

/** Stateless point-conversion checks, in the product's order. */
export function conversionAmountError(amount: number | undefined): 'P001' | 'P004' | null {
  if (!amount) return 'P001';
  if (amount < limits.pointConversionMin) return 'P004';
  return null;
}

/** Converts points to cash 1:1 (point type -4, cash type 4), both against the house; once a minute (money_points_convert). */
export async function convertPoints(db: Db, actor: Actor, amount: number | undefined): Promise<MoneyResult<{ cashAmt: number; pointAmt: number }>> {
  const refuse = conversionAmountError(amount);
  const { house } = await systemAccounts(db, actor.siteId);
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_points_convert(${movementHead(actor)}, ${house}::bigint, ${refuse},
    ${refuse ? null : amount}::bigint, ${CONVERSION_GAP_MS}::bigint) as r`,
  );
}
