import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import { pageInfoOf } from '../common/paging.js';
import { toWire } from '../common/time.js';

/** What a handler may tell the audit log beyond the request itself. */
export interface AuditNote {
  target?: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry extends AuditNote {
  siteId: string;
  actorId: number;
  actor: string;
  action: string;
  ip: string | null;
  at: Date;
}

// operator calls that only read (lists, details, the dashboard, id checks): not actions, so not logged
const READ_ONLY = /\/(list|datail|state|dashboard|auditList|ipBlockList|checkId|checkNickname|partnerRates)$|\/ledger\/check$|\/audit\/verify$/;
export const isAuditedAction = (path: string) => !READ_ONLY.test(path);

const SECRET = /pass|token|secret|key|captcha/i;
/** The request as logged: secrets dropped, long texts cut. */
export function redact(body: unknown): unknown {
  if (Array.isArray(body)) return body.slice(0, 50).map(redact);
  if (body && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) out[k] = SECRET.test(k) ? '***' : redact(v);
    return out;
  }
  return typeof body === 'string' && body.length > 500 ? `${body.slice(0, 500)}…` : body;
}

/** The target named in a request: the member, request, post or address it is about. */
export function targetOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const k of ['memId', 'recieveId', 'cashIdx', 'reqIdx', 'boardIdx', 'bannerIdx', 'ip']) {
    if (b[k] !== undefined && b[k] !== null && b[k] !== '') return `${k}=${String(b[k])}`;
  }
  return undefined;
}

/** The one way an operator action is written to the audit log. */
export async function writeAudit(db: Db, e: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      site_id: e.siteId,
      actor_id: e.actorId,
      actor: e.actor,
      action: e.action,
      target: e.target ?? null,
      before: e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === undefined ? null : JSON.stringify(e.after),
      ip: e.ip,
      at: e.at,
    })
    .execute();
}

export async function listAudit(db: Db, siteId: string, f: { page: number; perPage: number; actorId?: string; action?: string }) {
  let q = db.selectFrom('audit_log').where('site_id', '=', siteId);
  if (f.actorId) q = q.where('actor', '=', f.actorId);
  if (f.action) q = q.where('action', 'like', `%${f.action.replace(/[%_\\]/g, '\\$&')}%`);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      auditIdx: Number(r.id),
      actorId: r.actor,
      action: r.action,
      target: r.target ?? '',
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip ?? '',
      regDate: toWire(new Date(r.at)),
    })),
    pageInfo: pageInfoOf(f.page, Number(n), f.perPage),
  };
}

/** The verdict on one site's chain: intact, or the first row whose link is broken and why. */
export type ChainVerdict = { ok: true; rows: number } | { ok: false; rows: number; auditIdx: number | null; seq: number; reason: 'content' | 'link' | 'order' | 'tail' };

const GENESIS = '0'.repeat(64);

/**
 * Walks a site's audit chain in order: each row's hash must match its content and the hash of
 * the row before, positions must run 1, 2, 3 … and the chain head must name the last row (a cut
 * tail shows there). Names the first broken link.
 */
export async function verifyAuditChain(db: Db, siteId: string): Promise<ChainVerdict> {
  const { rows } = await sql<{ id: string; seq: string | null; hash: string | null; prev: string | null; expected: string | null }>`
    select a.id, a.seq, encode(a.hash, 'hex') as hash, encode(a.prev_hash, 'hex') as prev,
           encode(audit_row_digest(a.prev_hash, a), 'hex') as expected
    from audit_log a where a.site_id = ${siteId} order by a.seq nulls first, a.id`.execute(db);
  let prev = GENESIS;
  let n = 0;
  for (const r of rows) {
    n++;
    const at = { rows: rows.length, auditIdx: Number(r.id), seq: n };
    if (r.seq === null || Number(r.seq) !== n) return { ok: false, ...at, reason: 'order' };
    if (r.prev !== prev) return { ok: false, ...at, reason: 'link' };
    if (!r.hash || r.hash !== r.expected) return { ok: false, ...at, reason: 'content' };
    prev = r.hash;
  }
  const head = await db
    .selectFrom('audit_chain_head')
    .select(['last_seq', sql<string>`encode(last_hash, 'hex')`.as('last')])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if ((head ? Number(head.last_seq) : 0) !== n || (head ? head.last : GENESIS) !== prev) {
    return { ok: false, rows: rows.length, auditIdx: null, seq: n + 1, reason: 'tail' };
  }
  return { ok: true, rows: rows.length };
}
