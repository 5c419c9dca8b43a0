/**
 * Chain heads anchored outside the database. A database writer without the key cannot forge a row,
 * but it can cut a chain's tail and move its head back: nothing inside the database remembers how
 * long the chain was. So each head (chain, position, hash) is appended, HMAC-signed under the audit
 * key, to a file on the host (`PITBOSS_AUDIT_HEADS_FILE`, mode 0600): at start, every
 * `PITBOSS_AUDIT_HEAD_MINUTES` and at shutdown. The verify holds each chain to the last head
 * anchored for it: a chain shorter than that, or another hash at that position, is broken.
 *
 * A line names its database (the `deployment` id) and the hash of its chain's first row, so a new
 * database on the same host (a restore drill, a test run) is not held to another one's heads, while
 * a database whose id was edited is still held by its chains' first rows (keyed, so unforgeable).
 * Several instances: each anchors what it sees in its own file; the highest position wins.
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';

export interface Anchor {
  /** the database's deployment id */
  db: string;
  /** `site:<id>` or `platform` */
  chain: string;
  seq: number;
  /** hex */
  hash: string;
  /** the hash of the chain's first row (hex), null for an empty chain */
  first: string | null;
  at: string;
}

let headsFile: string | null = null;
/** The heads file of this process (the server's start and the ops commands set it from the configuration). */
export const useAuditHeadsFile = (path: string | null) => {
  headsFile = path;
};
export const auditHeadsFile = () => headsFile;

const macOf = (key: string, a: Anchor) =>
  createHmac('sha256', key)
    .update(`pitboss-audit-head\n${a.db}\n${a.chain}\n${a.seq}\n${a.hash}\n${a.first ?? ''}\n${a.at}`)
    .digest();

/** The lines signed under `key`; `unsigned` counts the others (another key's, or edited). */
export function readAnchors(key: string, path = headsFile): { anchors: Anchor[]; unsigned: number } {
  const anchors: Anchor[] = [];
  let unsigned = 0;
  if (!path || !existsSync(path)) return { anchors, unsigned };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const { mac, ...a } = JSON.parse(line) as Anchor & { mac: string };
      const want = macOf(key, a);
      const got = Buffer.from(String(mac), 'hex');
      if (got.length === want.length && timingSafeEqual(got, want) && Number.isInteger(a.seq)) anchors.push(a);
      else unsigned++;
    } catch {
      unsigned++;
    }
  }
  return { anchors, unsigned };
}

/** Appends heads to the file (made 0600), one signed line each, in one write. */
export function appendAnchors(key: string, list: Anchor[], path = headsFile) {
  if (!path || !list.length) return;
  const text = list.map((a) => JSON.stringify({ ...a, mac: macOf(key, a).toString('hex') }) + '\n').join('');
  const fd = openSync(path, 'a', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** The last head anchored for a chain of this database: by its id, or by its first row. The highest position, the later line on a tie. */
export function lastAnchor(anchors: Anchor[], chain: string, db: string, first: string | null): Anchor | undefined {
  let best: Anchor | undefined;
  for (const a of anchors) {
    if (a.chain !== chain || !(a.db === db || (first !== null && a.first === first))) continue;
    if (!best || a.seq >= best.seq) best = a;
  }
  return best;
}

export async function databaseId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string | null }>`select (select id from deployment limit 1) as id`.execute(db);
  return rows[0]?.id ?? '';
}

export interface Head {
  chain: string;
  seq: number;
  hash: string;
  first: string | null;
}

const hex = (b: Buffer | Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);

/** Every chain's head as the database holds it, with its first row's hash. */
export async function currentHeads(db: Db): Promise<Head[]> {
  const { rows } = await sql<{ chain: string; seq: string | number; hash: Buffer; first: Buffer | null }>`
    select 'site:' || h.site_id as chain, h.last_seq as seq, h.last_hash as hash,
           (select a.hash from audit_log a where a.site_id = h.site_id and a.seq = 1) as first
    from audit_chain_head h
    union all
    select 'platform', p.last_seq, p.last_hash, (select a.hash from platform_audit a where a.seq = 1) from platform_audit_head p where p.id = 1
    order by 1`.execute(db);
  return rows.map((r) => ({ chain: r.chain, seq: Number(r.seq), hash: hex(r.hash)!, first: hex(r.first) }));
}

/** Why a head cannot be anchored: it fell behind, or changed at, the last head anchored for its chain. */
export const behind = (h: Head, last: Anchor | undefined) => !!last && (h.seq < last.seq || (h.seq === last.seq && h.hash !== last.hash));

/**
 * Anchors every head that moved on since its last line. A head behind its anchor is not written
 * (that would anchor the cut): answered as broken, with the anchor it fell behind.
 */
export async function anchorHeads(db: Db, key: string, path = headsFile, at = new Date()): Promise<{ written: number; behind: { head: Head; anchor: Anchor }[] }> {
  const out = { written: 0, behind: [] as { head: Head; anchor: Anchor }[] };
  if (!path) return out;
  const [id, heads] = await Promise.all([databaseId(db), currentHeads(db)]);
  const { anchors } = readAnchors(key, path);
  const fresh: Anchor[] = [];
  for (const h of heads) {
    const last = lastAnchor(anchors, h.chain, id, h.first);
    if (behind(h, last)) out.behind.push({ head: h, anchor: last! });
    else if (!last || h.seq > last.seq) fresh.push({ db: id, ...h, at: at.toISOString() });
  }
  appendAnchors(key, fresh, path);
  out.written = fresh.length;
  return out;
}

/** The chains known broken in this process (by the start's check, the anchoring, any verify), for the metrics and the screens. */
const broken = new Map<string, { reason: string; seq: number }>();
/** Records a chain's verdict: its first broken position (`seq`) and why, or null when intact. */
export const markChain = (chain: string, fault: { reason: string; seq: number } | null) => (fault ? broken.set(chain, fault) : broken.delete(chain));
export const brokenChains = () => [...broken.keys()];
/** Where a site's chain is known broken (its first broken row's position), or null. */
export const siteChainBroken = (siteId: string) => {
  const f = broken.get(`site:${siteId}`);
  return f ? { seq: f.seq } : null;
};
