/**
 * The platform's audit chain: every platform action (setup, sign-in, opening a site, suspend,
 * resume, archive, key rotation) in one chain keyed exactly like the sites' chains: each row's
 * hash is the HMAC-SHA-256 under the audit key (PITBOSS_AUDIT_KEY) of the hash before and the
 * row's canonical text (`platform_audit_text`, migration 330). Appends lock the one head row.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { auditKey, verifyChain, type AuditChain, type ChainVerdict } from '../site/auditChain.js';

const GENESIS = Buffer.alloc(32);
const mac = (key: string, text: Buffer) => createHmac('sha256', key).update(text).digest();

/** Who acted: a platform account, or (before one exists) the setup link, named. */
export interface PlatformActor {
  id: number | null;
  loginId: string;
}

export type PlatformAction = 'setup' | 'login' | 'logout' | 'site.open' | 'site.suspend' | 'site.resume' | 'site.archive' | 'site.rotateKey' | (string & {});

type Ctx = Pick<Deps, 'db' | 'clock'> & { ip?: string | null };

/** Appends one row to the platform's chain; answers its position. Never holds a secret in `detail`. */
export async function platformAudit(ctx: Ctx, actor: PlatformActor, action: PlatformAction, detail: Record<string, unknown> = {}): Promise<number> {
  const key = await auditKey(ctx.db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await appendOnce(ctx, key, actor, action, detail);
    } catch (e) {
      const code = (e as { code?: unknown })?.code;
      if ((code !== '40001' && code !== '40P01') || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * attempt));
    }
  }
}

async function appendOnce(ctx: Ctx, key: string, actor: PlatformActor, action: string, detail: Record<string, unknown>) {
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('platform_audit_head')
      .values({ id: 1, last_seq: 0, last_hash: GENESIS })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const head = await trx.selectFrom('platform_audit_head').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    const seq = Number(head.last_seq) + 1;
    const { rows } = await sql<{ id: string; text: Buffer }>`
      insert into platform_audit (seq, actor_id, actor, action, detail, ip, at, prev_hash, hash)
      values (${seq}, ${actor.id}, ${actor.loginId}, ${action}, ${JSON.stringify(detail)}::jsonb, ${ctx.ip ?? null}, ${ctx.clock.now()},
              ${head.last_hash}, ${head.last_hash})
      returning id, platform_audit_text(prev_hash, platform_audit) as text`.execute(trx);
    const hash = mac(key, Buffer.from(rows[0]!.text));
    await trx.updateTable('platform_audit').set({ hash }).where('id', '=', Number(rows[0]!.id)).execute();
    await trx.updateTable('platform_audit_head').set({ last_seq: seq, last_hash: hash }).where('id', '=', 1).execute();
    return seq;
  });
}

/** The platform's chain for the walk and the re-sign of `auditChain.ts` (its rows have no plain form: always keyed). */
export const platformChain: AuditChain = {
  name: 'platform',
  rows: sql`
    select a.id, a.seq, a.hash, a.prev_hash as prev, true as keyed, platform_audit_text(a.prev_hash, a) as text, null::bytea as plain
    from platform_audit a order by a.seq`,
  head: (forUpdate) => sql`select last_seq, last_hash from platform_audit_head where id = 1 ${forUpdate ? sql`for update` : sql``}`,
  relink: (id, prev) => sql`update platform_audit set prev_hash = ${prev} where id = ${id} returning platform_audit_text(prev_hash, platform_audit) as text`,
  sign: (id, hash) => sql`update platform_audit set hash = ${hash} where id = ${id}`,
  setHead: (seq, hash) => sql`update platform_audit_head set last_seq = ${seq}, last_hash = ${hash} where id = 1`,
};

/** Walks the chain like `verifyAuditChain`: names the first broken link, or a cut tail. */
export const verifyPlatformAudit = (db: Db, key?: string): Promise<ChainVerdict> => verifyChain(db, platformChain, key);
