/**
 * A bettor's path with its commission rates, read outside a settlement (reports, checks and the
 * bench's replay of daily figures). Settlement itself reads the same path inside wallet_win
 * (src/server/db/functions/wallet_win.sql).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toBp } from '../money/commissions.js';

export interface PathLevel {
  id: number;
  memId: string;
  depth: number;
  pointBp: number;
  loseBp: number;
}

interface PathRow {
  id: number;
  mem_id: string;
  depth: number;
  p: number | string;
  l: number | string;
}

/** The bettor and its ancestors, nearest first, with the rates of a category and a vendor's rate type. */
export async function pathRates(db: Kysely<Database>, memberId: number, category: string, vendorId: number, rateType: string): Promise<PathLevel[]> {
  const { rows } = await sql<PathRow>`
    select m.id, m.mem_id, p.depth, coalesce(d.point_rate, r.point_rate, 0) as p, coalesce(d.lose_rate, r.lose_rate, 0) as l
    from member_path p
    join member m on m.id = p.ancestor_id
    left join rate r on r.member_id = m.id and r.category = ${category}
    left join rate_detail d on d.member_id = m.id and d.vendor_id = ${vendorId}::bigint and d.rate_type = ${rateType}
    where p.descendant_id = ${memberId}::bigint and m.login_type <> 'ADMIN'
    order by p.depth`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), memId: r.mem_id, depth: r.depth, pointBp: toBp(Number(r.p)), loseBp: toBp(Number(r.l)) }));
}
