import type { Db } from '../../db/driver.js';

type Yn = 'Y' | 'N';

/** Site switch `sealYn`: the app seals its request and answer bodies (docs/encrypted-bodies.md). The caller drops the cached site row. */
export async function setSealBodies(db: Db, siteId: string, sealYn: Yn): Promise<{ sealYn: Yn }> {
  await db.updateTable('site').set({ seal_yn: sealYn }).where('id', '=', siteId).execute();
  return { sealYn };
}
