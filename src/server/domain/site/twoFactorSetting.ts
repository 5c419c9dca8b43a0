import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';

type Yn = 'Y' | 'N';

/** Site option `adminOtpYn`: the operator must sign in with a second factor (default off). */
export async function adminTwoFactorRequired(db: Db, siteId: string): Promise<boolean> {
  const row = await db.selectFrom('site').select('options').where('id', '=', siteId).executeTakeFirst();
  return (row?.options as Record<string, unknown> | undefined)?.adminOtpYn === 'Y';
}

export async function setAdminTwoFactor(db: Db, siteId: string, adminOtpYn: Yn): Promise<{ adminOtpYn: Yn }> {
  await db
    .updateTable('site')
    .set({ options: sql`options || ${JSON.stringify({ adminOtpYn })}::jsonb` })
    .where('id', '=', siteId)
    .execute();
  return { adminOtpYn };
}
