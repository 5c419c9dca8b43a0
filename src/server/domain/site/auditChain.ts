/**
 * The audit log's chain, keyed outside the database: each row's hash is the HMAC-SHA-256 under
 * the audit key of the row before's hash and the row's canonical text (the database's
 * `audit_row_text`, migration 310), so whoever can write the database but not read the key cannot
 * re-chain after deleting or editing a row. Appends lock the site's chain head, so concurrent
 * writers never fork it; the head names the last row, so a cut tail shows, and its value is
 * written out every few minutes (`startAuditHeadReport`), so a tail cut and re-chained shows
 * against the lines written before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/driver.js';
import { serverSecret } from '../auth/secrets.js';

const GENESIS = Buffer.alloc(32);

/**
 * PITBOSS_AUDIT_KEY (kept outside the database like PITBOSS_PIN_KEY). Without it a key made once
 * and kept in the database signs the chain: edits still show, but a database writer could re-chain.
 */
export const auditKey = async (db: Db): Promise<string> => process.env.PITBOSS_AUDIT_KEY || serverSecret(db, 'audit-chain');
export const auditKeyOutside = () => !!process.env.PITBOSS_AUDIT_KEY;

const mac = (key: string, text: Buffer) => createHmac('sha256', key).update(text).digest();

export interface ChainRow {
  site_id: string;
  actor_id: number | null;
  actor: string;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  at: Date;
}

/** Appends one row to its site's chain; answers its id. */
export async function appendAudit(db: Db, row: ChainRow): Promise<number> {
  const key = await auditKey(db);
  // every audited call of a site waits on its chain head: a serialization failure or deadlock there is retried
  for (let attempt = 1; ; attempt++) {
    try {
      return await appendOnce(db, key, row);
    } catch (e) {
      const code = (e as { code?: unknown })?.code;
      if ((code !== '40001' && code !== '40P01') || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * attempt));
    }
  }
}

async function appendOnce(db: Db, key: string, row: ChainRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('audit_chain_head')
      .values({ site_id: row.site_id, last_seq: 0, last_hash: GENESIS })
      .onConflict((oc) => oc.column('site_id').doNothing())
      .execute();
    const head = await trx.selectFrom('audit_chain_head').selectAll().where('site_id', '=', row.site_id).forUpdate().executeTakeFirstOrThrow();
    const seq = Number(head.last_seq) + 1;
    const { rows } = await sql<{ id: string; text: Buffer }>`
      insert into audit_log (site_id, actor_id, actor, action, target, before, after, ip, at, seq, prev_hash, hash, keyed)
      values (${row.site_id}, ${row.actor_id}, ${row.actor}, ${row.action}, ${row.target}, ${row.before}::jsonb, ${row.after}::jsonb, ${row.ip},
              ${row.at}, ${seq}, ${head.last_hash}, ${head.last_hash}, true)
      returning id, audit_row_text(prev_hash, audit_log) as text`.execute(trx);
    const { id, text } = rows[0]!;
    const hash = mac(key, Buffer.from(text));
    await trx.updateTable('audit_log').set({ hash }).where('id', '=', Number(id)).execute();
    await trx.updateTable('audit_chain_head').set({ last_seq: seq, last_hash: hash }).where('site_id', '=', row.site_id).execute();
    return Number(id);
  });
}

/** The verdict on one chain: intact, or the first row whose link is broken and why (`auditIdx`: the row's id). */
export type ChainVerdict = { ok: true; rows: number } | { ok: false; rows: number; auditIdx: number | null; seq: number; reason: 'content' | 'link' | 'order' | 'tail' };

const same = (a: Buffer | null, b: Buffer) => !!a && a.length === b.length && timingSafeEqual(a, b);

/** A chain's row as the walk reads it: `text` is what the key signs, `plain` the SHA-256 form of before the key. */
interface LinkRow {
  id: string;
  seq: string | null;
  hash: Buffer | null;
  prev: Buffer | null;
  keyed: boolean;
  text: Buffer;
  plain: Buffer | null;
}

/**
 * One audit chain in SQL: a site's (`siteChain`) or the platform's (`platformChain`), keyed the same
 * way, so one walk verifies both and one re-sign changes the key of both.
 */
export interface AuditChain {
  /** its rows in chain order */
  rows: RawBuilder<LinkRow>;
  /** its head (last position and hash), locked for the transaction when `forUpdate` */
  head(forUpdate: boolean): RawBuilder<{ last_seq: string | number; last_hash: Buffer }>;
  /** a row re-linked to the hash before it and marked keyed; answers the text to sign */
  relink(id: string, prev: Buffer): RawBuilder<{ text: Buffer }>;
  sign(id: string, hash: Buffer): RawBuilder<unknown>;
  setHead(seq: number, hash: Buffer): RawBuilder<unknown>;
}

export const siteChain = (siteId: string): AuditChain => ({
  rows: sql<LinkRow>`
    select a.id, a.seq, a.hash, a.prev_hash as prev, a.keyed, audit_row_text(a.prev_hash, a) as text, audit_row_digest(a.prev_hash, a) as plain
    from audit_log a where a.site_id = ${siteId} order by a.seq nulls first, a.id`,
  head: (forUpdate) => sql`select last_seq, last_hash from audit_chain_head where site_id = ${siteId} ${forUpdate ? sql`for update` : sql``}`,
  relink: (id, prev) => sql`update audit_log set prev_hash = ${prev}, keyed = true where id = ${id} returning audit_row_text(prev_hash, audit_log) as text`,
  sign: (id, hash) => sql`update audit_log set hash = ${hash} where id = ${id}`,
  setHead: (seq, hash) => sql`update audit_chain_head set last_seq = ${seq}, last_hash = ${hash} where site_id = ${siteId}`,
});

/** How a chain's rows are signed: under a key, or plain SHA-256 (the rows from before migration 310). */
type Signing = { key: string } | 'plain';

/**
 * Walks a chain in order: each row's hash must match its content and the hash of the row before,
 * positions must run 1, 2, 3 … and the head must name the last row. Names the first broken link.
 */
async function walk(db: Db, chain: AuditChain, signing: Signing, forUpdate = false): Promise<{ verdict: ChainVerdict; rows: LinkRow[] }> {
  // the head first: under `forUpdate` it holds off appends until the transaction ends
  const head = (await chain.head(forUpdate).execute(db)).rows[0];
  const { rows } = await chain.rows.execute(db);
  const signed = (r: LinkRow) => (signing === 'plain' ? r.plain && Buffer.from(r.plain) : r.keyed ? mac(signing.key, Buffer.from(r.text)) : null);
  let prev = GENESIS;
  let n = 0;
  for (const r of rows) {
    n++;
    const at = { ok: false as const, rows: rows.length, auditIdx: Number(r.id), seq: n };
    if (r.seq === null || Number(r.seq) !== n) return { rows, verdict: { ...at, reason: 'order' } };
    if (!same(r.prev && Buffer.from(r.prev), prev)) return { rows, verdict: { ...at, reason: 'link' } };
    const want = signed(r);
    if (!want || !same(r.hash && Buffer.from(r.hash), want)) return { rows, verdict: { ...at, reason: 'content' } };
    prev = want;
  }
  if ((head ? Number(head.last_seq) : 0) !== n || !same(head ? Buffer.from(head.last_hash) : GENESIS, prev)) {
    return { rows, verdict: { ok: false, rows: rows.length, auditIdx: null, seq: n + 1, reason: 'tail' } };
  }
  return { rows, verdict: { ok: true, rows: rows.length } };
}

/** A chain checked under `key` (by default the audit key): every row must be keyed. */
export async function verifyChain(db: Db, chain: AuditChain, key?: string): Promise<ChainVerdict> {
  return (await walk(db, chain, { key: key ?? (await auditKey(db)) })).verdict;
}

/**
 * Names the first broken link of a site's chain. Every row must be keyed: the plain SHA-256 rows
 * from before migration 310 are re-signed under the key at the first start (`rekeyAuditChains`).
 */
export const verifyAuditChain = (db: Db, siteId: string, key?: string) => verifyChain(db, siteChain(siteId), key);

/**
 * Checks a chain as it is signed (`from`) and, when intact, signs every row again under `key`, in
 * one transaction holding its head, so an append waits for it. A broken chain is left as it is:
 * the answer names its first broken row.
 */
export async function resignChain(db: Db, chain: AuditChain, from: Signing, key: string): Promise<ChainVerdict> {
  return db.transaction().execute(async (trx) => {
    const { verdict, rows } = await walk(trx, chain, from, true);
    if (!verdict.ok) return verdict;
    let next = GENESIS;
    for (const r of rows) {
      const { rows: t } = await chain.relink(r.id, next).execute(trx);
      next = mac(key, Buffer.from(t[0]!.text));
      await chain.sign(r.id, next).execute(trx);
    }
    await chain.setHead(rows.length, next).execute(trx);
    return verdict;
  });
}

/**
 * The chains written before migration 310 (plain SHA-256, `keyed` false): each is checked as it
 * was written and, when intact, re-signed under the key in one transaction. A broken one (a cut
 * tail included: re-signing would hide it) is left as it is (the verify names it) and reported.
 * Answers the sites left unkeyed.
 */
export async function rekeyAuditChains(db: Db): Promise<string[]> {
  const sites = await db.selectFrom('audit_log').select('site_id').distinct().where('keyed', '=', false).execute();
  const broken: string[] = [];
  if (!sites.length) return broken;
  const key = await auditKey(db);
  for (const { site_id: siteId } of sites) {
    if (!(await resignChain(db, siteChain(siteId), 'plain', key)).ok) broken.push(siteId);
  }
  return broken;
}

/** Every site's chain head: its last position and hash (hex). */
export async function auditHeads(db: Db) {
  const rows = await db.selectFrom('audit_chain_head').select(['site_id', 'last_seq', 'last_hash']).orderBy('site_id').execute();
  return rows.map((r) => ({ siteId: r.site_id, seq: Number(r.last_seq), head: Buffer.from(r.last_hash).toString('hex') }));
}

/**
 * Writes every site's chain head to the log every `minutes` (and once at start): kept off the
 * database, these lines show a tail that was cut and re-chained since.
 */
export function startAuditHeadReport(db: Db, log: (fields: object, msg: string) => void, minutes: number) {
  const report = () =>
    auditHeads(db)
      .then((heads) => {
        for (const h of heads) log(h, 'audit chain head');
      })
      .catch(() => {});
  void report();
  const t = setInterval(report, minutes * 60_000);
  t.unref();
  return { stop: () => clearInterval(t) };
}
