import { BlockList, isIP } from 'node:net';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { toWire } from '../common/time.js';

/**
 * An address or CIDR range in its canonical text (`10.0.0.0/8`, `2001:db8::/32`, `1.2.3.4`), or
 * null when it is neither. Node's BlockList does the matching, so this only has to read it.
 */
export function normaliseRule(input: string): string | null {
  const text = input.trim().toLowerCase();
  const [addr = '', bits, extra] = text.split('/');
  if (extra !== undefined) return null;
  const family = isIP(addr);
  if (!family) return null;
  if (bits === undefined) return addr;
  if (!/^\d{1,3}$/.test(bits)) return null;
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128)) return null;
  return `${addr}/${prefix}`;
}

function toBlockList(rules: string[]): BlockList {
  const list = new BlockList();
  for (const r of rules) {
    const [addr = '', bits] = r.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/** Whether the caller's address is refused; an IPv4 address seen as `::ffff:a.b.c.d` counts as IPv4. */
export async function isBlocked(db: Db, siteId: string, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const rows = await db.selectFrom('ip_block').select('ip').where('site_id', '=', siteId).execute();
  if (!rows.length) return false;
  const list = toBlockList(rows.map((r) => r.ip));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return list.check(mapped, 'ipv4') || list.check(ip, 'ipv6');
  const family = isIP(ip);
  return family ? list.check(ip, family === 6 ? 'ipv6' : 'ipv4') : false;
}

/** Adds (Y) or removes (N) a rule; answers the rule as stored and whether it was there before. */
export async function setIpBlock(db: Db, siteId: string, by: number, ip: string, blockYn: 'Y' | 'N') {
  const rule = normaliseRule(ip);
  if (!rule) throw new ApiError('V001', 'ip: not an address or CIDR range');
  const existed = !!(await db.selectFrom('ip_block').select('ip').where('site_id', '=', siteId).where('ip', '=', rule).executeTakeFirst());
  if (blockYn === 'Y') {
    await db.insertInto('ip_block').values({ site_id: siteId, ip: rule, created_by: by }).onConflict((oc) => oc.columns(['site_id', 'ip']).doNothing()).execute();
  } else {
    await db.deleteFrom('ip_block').where('site_id', '=', siteId).where('ip', '=', rule).execute();
  }
  return { ip: rule, blockYn, existed };
}

export async function listIpBlocks(db: Db, siteId: string) {
  const rows = await db
    .selectFrom('ip_block as b')
    .leftJoin('member as m', 'm.id', 'b.created_by')
    .select(['b.ip', 'b.created_at', 'm.mem_id'])
    .where('b.site_id', '=', siteId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.ip')
    .execute();
  return { list: rows.map((r) => ({ ip: r.ip, regId: r.mem_id ?? '', regDate: toWire(new Date(r.created_at)) })) };
}
