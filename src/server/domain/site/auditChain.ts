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
import { anchorHeads, auditHeadsFile, databaseId, lastAnchor, markChain, readAnchors, type Anchor } from './auditAnchor.js';

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
export type ChainVerdict =
  | { ok: true; rows: number }
  | {
      ok: false;
      rows: number;
      auditIdx: number | null;
      seq: number;
      reason: 'content' | 'link' | 'order' | 'tail';
      /** the head anchored outside the database that the chain falls short of (a cut tail) */
      anchored?: { seq: number; at: string };
    };

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
  /** its name in the heads file: `site:<id>` or `platform` */
  name: string;
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
  name: `site:${siteId}`,
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
async function walk(db: Db, chain: AuditChain, signing: Signing, forUpdate = false, anchors: Anchor[] = []): Promise<{ verdict: ChainVerdict; rows: LinkRow[] }> {
  // the head first: under `forUpdate` it holds off appends until the transaction ends
  const head = (await chain.head(forUpdate).execute(db)).rows[0];
  const { rows } = await chain.rows.execute(db);
  const first = rows[0]?.hash ? Buffer.from(rows[0].hash).toString('hex') : null;
  const anchor = anchors.length ? lastAnchor(anchors, chain.name, await databaseId(db), first) : undefined;
  const anchored = anchor && { seq: anchor.seq, at: anchor.at };
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
    // the row the heads file anchored must be the one it signed
    if (anchor && anchor.seq === n && want.toString('hex') !== anchor.hash) return { rows, verdict: { ...at, reason: 'content', anchored } };
    prev = want;
  }
  // a chain shorter than its anchored head: rows were cut and the head moved back
  if (anchor && anchor.seq > n) return { rows, verdict: { ok: false, rows: rows.length, auditIdx: null, seq: n + 1, reason: 'tail', anchored } };
  if ((head ? Number(head.last_seq) : 0) !== n || !same(head ? Buffer.from(head.last_hash) : GENESIS, prev)) {
    return { rows, verdict: { ok: false, rows: rows.length, auditIdx: null, seq: n + 1, reason: 'tail' } };
  }
  return { rows, verdict: { ok: true, rows: rows.length } };
}

/**
 * A chain checked under `key` (by default the audit key): every row must be keyed, and the chain
 * must reach the last head the heads file anchored for it under that key. A verify under the audit
 * key tells the process's record of broken chains (metrics, screens).
 */
export async function verifyChain(db: Db, chain: AuditChain, key?: string): Promise<ChainVerdict> {
  const k = key ?? (await auditKey(db));
  const { verdict } = await walk(db, chain, { key: k }, false, readAnchors(k).anchors);
  if (key === undefined) markChain(chain.name, verdict.ok ? null : { reason: verdict.reason, seq: verdict.seq });
  return verdict;
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
 *
 * This is a one-time migration, and `keyed` is a column anyone who writes the database can set: a
 * database writer who marks rows unkeyed and re-chains them with the database's own digest must
 * not have them signed. So unkeyed rows are re-signed only while nothing shows the database ever
 * ran under the key: no keyed row in any chain, no platform row (that chain is keyed from its
 * start), and no head anchored for the chain outside the database. Otherwise they are refused
 * (left as they are, reported here, named by the verify). Answers the sites left unkeyed.
 */
export async function rekeyAuditChains(db: Db): Promise<string[]> {
  const sites = await db.selectFrom('audit_log').select('site_id').distinct().where('keyed', '=', false).execute();
  const broken: string[] = [];
  if (!sites.length) return broken;
  const key = await auditKey(db);
  const { rows } = await sql<{ keyed: boolean }>`
    select exists (select 1 from audit_log where keyed) or exists (select 1 from platform_audit) as keyed`.execute(db);
  const { anchors } = readAnchors(key);
  const id = await databaseId(db);
  for (const { site_id: siteId } of sites) {
    const chain = siteChain(siteId);
    const anchoredBefore = anchors.some((a) => a.chain === chain.name && a.db === id);
    const v = rows[0]!.keyed || anchoredBefore ? null : await resignChain(db, chain, 'plain', key);
    if (!v?.ok) {
      broken.push(siteId);
      markChain(chain.name, { reason: 'content', seq: v?.seq ?? 1 });
    }
  }
  return broken;
}

/** Every site's chain head: its last position and hash (hex). */
export async function auditHeads(db: Db) {
  const rows = await db.selectFrom('audit_chain_head').select(['site_id', 'last_seq', 'last_hash']).orderBy('site_id').execute();
  return rows.map((r) => ({ siteId: r.site_id, seq: Number(r.last_seq), head: Buffer.from(r.last_hash).toString('hex') }));
}

type Log = (fields: object, msg: string) => void;

/**
 * Writes every site's chain head to the log and anchors every chain's head in the heads file every
 * `minutes`, at start and at `stop` (shutdown). A head that fell behind its anchor is not anchored:
 * logged as broken and recorded for the metrics. At start every chain is also verified in full in
 * the background (`checked`), so a break made while the server was down shows without anyone
 * asking.
 */
export function startAuditHeadReport(db: Db, log: Log, errorLog: Log, minutes: number, path = auditHeadsFile()) {
  const anchor = async () => {
    const key = await auditKey(db);
    const r = await anchorHeads(db, key, path);
    for (const b of r.behind) {
      markChain(b.head.chain, { reason: 'tail', seq: b.head.seq + 1 });
      errorLog(
        { chain: b.head.chain, seq: b.head.seq, anchoredSeq: b.anchor.seq, anchoredAt: b.anchor.at },
        'audit chain behind its anchored head: not anchored, npm run audit:verify names it',
      );
    }
  };
  const report = () =>
    auditHeads(db)
      .then((heads) => {
        for (const h of heads) log(h, 'audit chain head');
      })
      .then(anchor)
      .catch((e: Error) => errorLog({ err: e.message }, 'audit chain head not anchored'));
  const first = report();
  const checked = first.then(async () => {
    const { everyAuditChain } = await import('./auditRekey.js');
    for (const { name, chain } of await everyAuditChain(db)) {
      const v = await verifyChain(db, chain).catch(() => null);
      if (v && !v.ok) errorLog({ chain: name, seq: v.seq, auditIdx: v.auditIdx, reason: v.reason, anchored: v.anchored }, 'audit chain broken');
    }
  });
  const t = setInterval(() => void report(), minutes * 60_000);
  t.unref();
  return {
    checked,
    /** the last anchor, before the database closes */
    stop: async () => {
      clearInterval(t);
      await checked.catch(() => {});
      await report();
    },
  };
}
