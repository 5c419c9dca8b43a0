/**
 * Changing the audit key: every chain (each site's and the platform's) is checked under the old
 * key before any is touched, then each is signed again under the new one in its own transaction.
 */
import type { Db } from '../../db/driver.js';
import { platformChain } from '../platform/platformAudit.js';
import { resignChain, siteChain, verifyChain, type AuditChain, type ChainVerdict } from './auditChain.js';

/** Every audit chain by name: the sites' by prefix, then the platform's. */
export async function everyAuditChain(db: Db): Promise<{ name: string; chain: AuditChain }[]> {
  const sites = await db.selectFrom('site').select(['id', 'prefix']).orderBy('prefix').execute();
  return [...sites.map((s) => ({ name: s.prefix, chain: siteChain(s.id) })), { name: 'platform', chain: platformChain }];
}

export type KeyChange =
  | { ok: true; chains: { name: string; rows: number }[] }
  /** `resigned`: the chains already under the new key when a chain changed between the check and its re-sign (a server wrote meanwhile) */
  | { ok: false; name: string; verdict: Exclude<ChainVerdict, { ok: true }>; resigned: string[] };

/**
 * Re-signs every chain from `oldKey` to `newKey`. Refuses, changing nothing, when any chain does
 * not verify under the old key, naming the first broken row. Servers must be stopped meanwhile: one
 * still appending under the old key would break the chain right after its re-sign.
 */
export async function changeAuditKey(db: Db, oldKey: string, newKey: string): Promise<KeyChange> {
  const chains = await everyAuditChain(db);
  for (const { name, chain } of chains) {
    const v = await verifyChain(db, chain, oldKey);
    if (!v.ok) return { ok: false, name, verdict: v, resigned: [] };
  }
  const done: { name: string; rows: number }[] = [];
  for (const { name, chain } of chains) {
    const v = await resignChain(db, chain, { key: oldKey }, newKey);
    if (!v.ok) return { ok: false, name, verdict: v, resigned: done.map((d) => d.name) };
    done.push({ name, rows: v.rows });
  }
  return { ok: true, chains: done };
}
