import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import { pageInfoOf } from '../common/paging.js';
import { toWire } from '../common/time.js';
import { appendAudit } from './auditChain.js';

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
const READ_ONLY = /\/(list|datail|state|dashboard|firstDay|auditList|ipBlockList|checkId|checkNickname|partnerRates)$|\/ledger\/check$|\/audit\/verify$/;
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

/** The one way an operator action is written to the audit log: appended to the site's keyed chain. */
export async function writeAudit(db: Db, e: AuditEntry) {
  return appendAudit(db, {
    site_id: e.siteId,
    actor_id: e.actorId,
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    ip: e.ip,
    at: e.at,
  });
}

export interface Refusal {
  siteId: string;
  actorId: number;
  actor: string;
  action: string;
  code: string;
  ip: string | null;
  at: Date;
  target?: string;
  /** the request body's size in bytes: the body itself is never kept */
  bodyBytes: number;
}

/**
 * A refused operator call: the first of its actor, call and code in a minute writes one row
 * (call, actor, address, body size, never the body); the rest only raise that row's count.
 */
export async function writeRefusal(db: Db, r: Refusal) {
  const minute = new Date(Math.floor(r.at.getTime() / 60_000) * 60_000);
  const { rows } = await sql<{ first: boolean }>`
    insert into audit_refusal (site_id, actor_id, action, code, minute) values (${r.siteId}, ${r.actorId}, ${r.action}, ${r.code}, ${minute})
    on conflict (site_id, actor_id, action, code, minute) do update set count = audit_refusal.count + 1
    returning (xmax = 0) as first`.execute(db);
  if (!rows[0]?.first) return;
  const id = await writeAudit(db, { ...r, after: { refused: r.code, bodyBytes: r.bodyBytes } });
  await db
    .updateTable('audit_refusal')
    .set({ audit_id: id })
    .where('site_id', '=', r.siteId)
    .where('actor_id', '=', r.actorId)
    .where('action', '=', r.action)
    .where('code', '=', r.code)
    .where('minute', '=', minute)
    .execute();
}

export async function listAudit(db: Db, siteId: string, f: { page: number; perPage: number; actorId?: string; action?: string }) {
  let q = db.selectFrom('audit_log').where('audit_log.site_id', '=', siteId);
  if (f.actorId) q = q.where('actor', '=', f.actorId);
  if (f.action) q = q.where('audit_log.action', 'like', `%${f.action.replace(/[%_\\]/g, '\\$&')}%`);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .leftJoin('audit_refusal as r', 'r.audit_id', 'audit_log.id')
    .selectAll('audit_log')
    .select('r.count')
    .orderBy('audit_log.id', 'desc')
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
      // a folded refusal: how many times it came in its minute
      after: r.count && r.after && typeof r.after === 'object' ? { ...(r.after as object), count: r.count } : (r.after ?? null),
      ip: r.ip ?? '',
      regDate: toWire(new Date(r.at)),
    })),
    pageInfo: pageInfoOf(f.page, Number(n), f.perPage),
  };
}

export { verifyAuditChain, type ChainVerdict } from './auditChain.js';
