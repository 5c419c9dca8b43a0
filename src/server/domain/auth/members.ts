import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/driver.js';
import { hashPassword } from './passwords.js';
import { hashPin } from './pins.js';

export interface NewMember {
  siteId: string;
  memId: string;
  password: string;
  cashOutPass?: string | null;
  memNick: string;
  memName?: string | null;
  memPhone?: string | null;
  bank?: string | null;
  bankAcc?: string | null;
  partnerLevel: string;
  loginType: string;
  parentId?: number | null;
  status?: 'ACTIVE' | 'PENDING' | 'SUSPENDED';
}

/** Inserts a member and its closure rows (itself at depth 0 plus every ancestor of its parent). */
export async function createMember(db: Db, m: NewMember): Promise<number> {
  const [passHash, outHash] = await Promise.all([hashPassword(m.password), m.cashOutPass ? hashPin(db, m.cashOutPass) : Promise.resolve(null)]);
  // inside a caller's transaction (an invitation taken with the account it makes) it joins that one
  const inTx = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => (db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn));
  return inTx(async (trx) => {
    const { id } = await trx
      .insertInto('member')
      .values({
        site_id: m.siteId,
        mem_id: m.memId,
        pass_hash: passHash,
        cash_out_pass_hash: outHash,
        mem_nick: m.memNick,
        mem_name: m.memName ?? null,
        mem_phone: m.memPhone || null,
        bank: m.bank ?? null,
        bank_acc: m.bankAcc || null,
        partner_level: m.partnerLevel,
        login_type: m.loginType,
        parent_id: m.parentId ?? null,
        status: m.status ?? 'ACTIVE',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into member_path (ancestor_id, descendant_id, depth)
      select ${id}::bigint, ${id}::bigint, 0
      union all
      select ancestor_id, ${id}::bigint, depth + 1 from member_path where descendant_id = ${m.parentId ?? null}::bigint
    `.execute(trx);
    return id;
  });
}

/** True when `descendantId` lies in `ancestorId`'s subtree (itself included). */
export async function inSubtree(db: Db, ancestorId: number, descendantId: number): Promise<boolean> {
  const row = await db.selectFrom('member_path').select('depth').where('ancestor_id', '=', ancestorId).where('descendant_id', '=', descendantId).executeTakeFirst();
  return !!row;
}
