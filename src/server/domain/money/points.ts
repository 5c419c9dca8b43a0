import { ApiError } from '../../../contract/codes.js';
import { cashTypes, limits, pointTypes } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { runMoney, systemAccounts, type MoneyResult } from './ledger.js';
import { callOf, type Actor } from './transfers.js';

export const CONVERSION_GAP_MS = 60_000;

/** Stateless point-conversion checks, in the product's order. */
export function conversionAmountError(amount: number | undefined): 'P001' | 'P004' | null {
  if (!amount) return 'P001';
  if (amount < limits.pointConversionMin) return 'P004';
  return null;
}

/** Converts points to cash 1:1 (point type -4, cash type 4), both against the house; once a minute. */
export async function convertPoints(db: Db, actor: Actor, amount: number | undefined): Promise<MoneyResult<{ cashAmt: number; pointAmt: number }>> {
  const pre = async () => {
    const bad = conversionAmountError(amount);
    if (bad) throw new ApiError(bad);
  };
  const { house } = await systemAccounts(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([actor.id, house]);
    const me = m.account(actor.id);
    if (me.status === 'SUSPENDED') throw new ApiError('P005');
    if (me.point < amount!) throw new ApiError('P002');
    const last = await m.trx
      .selectFrom('ledger_entry')
      .select('created_at')
      .where('member_id', '=', me.id)
      .where('kind', '=', 'point')
      .where('type_code', '=', pointTypes.conversion)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && actor.at.getTime() - new Date(last.created_at).getTime() < CONVERSION_GAP_MS) throw new ApiError('P003');
    m.transfer({ kind: 'point', from: me.id, to: house, amount: amount!, fromType: pointTypes.conversion, toType: pointTypes.conversion, short: 'P002' });
    m.transfer({ kind: 'cash', from: house, to: me.id, amount: amount!, fromType: cashTypes.pointConversion, toType: cashTypes.pointConversion, short: 'C202' });
    return { cashAmt: me.cash, pointAmt: me.point };
  }, pre);
}
