import { BlockList, isIP } from 'node:net';
import { ApiError } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import type { Publisher } from '../ports.js';
import type { Db } from '../../db/driver.js';
import { endSessions } from '../auth/sessions.js';
import { toWire } from '../common/time.js';

/** The widest rule the operator may add: a /16 of IPv4, a /48 of IPv6 (IP001 past it). */
export const WIDEST = { ipv4: 16, ipv6: 48 } as const;

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

function parts(rule: string) {
  const [addr = '', bits] = rule.split('/');
  const type = isIP(addr) === 6 ? ('ipv6' as const) : ('ipv4' as const);
  return { addr, type, prefix: bits === undefined ? (type === 'ipv6' ? 128 : 32) : Number(bits) };
}

function toBlockList(rules: string[]): BlockList {
  const list = new BlockList();
  for (const r of rules) {
    const { addr, type, prefix } = parts(r);
    list.addSubnet(addr, prefix, type);
  }
  return list;
}

/** Whether `list` holds `ip`; an IPv4 address seen as `::ffff:a.b.c.d` counts as IPv4. */
function holds(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return list.check(mapped, 'ipv4') || list.check(ip, 'ipv6');
  const family = isIP(ip);
  return family ? list.check(ip, family === 6 ? 'ipv6' : 'ipv4') : false;
}

const mappedBlock = toBlockList(['::ffff:0.0.0.0/96']);

/**
 * Whether a rule spans more than the widest allowed. An IPv6 rule inside the IPv4-mapped block
 * (`::ffff:0:0/96`) is measured as the IPv4 range it is; one that holds that whole block holds
 * every IPv4 address, however long its prefix reads.
 */
export function tooWide(rule: string): boolean {
  const { addr, type, prefix } = parts(rule);
  if (type === 'ipv4') return prefix < WIDEST.ipv4;
  if (prefix < WIDEST.ipv6) return true;
  if (prefix <= 96) return toBlockList([rule]).check('::ffff:0.0.0.0', 'ipv6');
  return mappedBlock.check(addr, 'ipv6') && prefix - 96 < WIDEST.ipv4;
}

export const ruleHolds = (rule: string, ip: string) => holds(toBlockList([rule]), ip);

async function loadList(db: Db, siteId: string): Promise<BlockList | null> {
  const rows = await db.selectFrom('ip_block').select('ip').where('site_id', '=', siteId).execute();
  return rows.length ? toBlockList(rows.map((r) => r.ip)) : null;
}

/**
 * How long a site's rules are answered from memory, for logins and every signed-in call alike (a
 * login flood must not cost a query a try). A change reaches every instance at once through the
 * site invalidation; this bounds a lost message.
 */
const LIST_TTL_MS = 5_000;
type Cached = { list: BlockList | null; until: number };
const caches = new WeakMap<Publisher, Map<string, Cached>>();

function cacheOf(live: Publisher): Map<string, Cached> {
  let c = caches.get(live);
  if (!c) {
    const map = new Map<string, Cached>();
    live.onInvalidate((w) => {
      if (w.kind === 'site') map.delete(w.siteId);
    });
    caches.set(live, (c = map));
  }
  return c;
}

/** The same check for every signed-in call and live CONNECT, from a per-process copy of the rules. */
export async function isBlockedNow(app: Pick<Deps, 'db' | 'live'>, siteId: string, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const cache = cacheOf(app.live);
  let hit = cache.get(siteId);
  if (!hit || hit.until <= Date.now()) {
    hit = { list: await loadList(app.db, siteId), until: Date.now() + LIST_TTL_MS };
    cache.set(siteId, hit);
  }
  return hit.list ? holds(hit.list, ip) : false;
}

type BlockCtx = Pick<Deps, 'db' | 'live' | 'sessions' | 'sites' | 'clock'>;

/**
 * Ends one session found calling from a blocked address (U004 follows): signed out here and on
 * every instance, its sockets told LOGOUT.
 */
export async function endBlockedSession(ctx: BlockCtx, siteId: string, memId: string, sessionId: number) {
  await endSessions(ctx.db, ctx.sessions, { sessionId }, ctx.clock.now(), 'forced');
  ctx.live.publish({ siteId, memId, sessionId }, { type: 'LOGOUT', data1: 'forced', data2: null });
}

/**
 * Adds (Y) or removes (N) a rule; answers the rule as stored, whether it was there before, and
 * the sessions a new rule ended. A rule wider than a /16 or /48 (IP001) or holding the operator's
 * own address (IP002) is refused; an added rule ends at once every open session that signed in
 * from inside it.
 */
export async function setIpBlock(ctx: BlockCtx, siteId: string, by: { id: number; ip: string }, ip: string, blockYn: 'Y' | 'N') {
  const rule = normaliseRule(ip);
  if (!rule) throw new ApiError('V001', 'ip: not an address or CIDR range');
  const { db } = ctx;
  const existed = !!(await db.selectFrom('ip_block').select('ip').where('site_id', '=', siteId).where('ip', '=', rule).executeTakeFirst());
  let ended = 0;
  if (blockYn === 'Y') {
    if (tooWide(rule)) throw new ApiError('IP001');
    if (ruleHolds(rule, by.ip)) throw new ApiError('IP002');
    await db
      .insertInto('ip_block')
      .values({ site_id: siteId, ip: rule, created_by: by.id })
      .onConflict((oc) => oc.columns(['site_id', 'ip']).doNothing())
      .execute();
    const open = await db
      .selectFrom('session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select(['s.id', 's.ip', 'm.mem_id'])
      .where('s.site_id', '=', siteId)
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', ctx.clock.now())
      .execute();
    const list = toBlockList([rule]);
    for (const s of open.filter((o) => o.ip && holds(list, o.ip))) {
      await endBlockedSession(ctx, siteId, s.mem_id, s.id);
      ended++;
    }
  } else {
    await db.deleteFrom('ip_block').where('site_id', '=', siteId).where('ip', '=', rule).execute();
  }
  await ctx.sites.changed(siteId);
  return { ip: rule, blockYn, existed, ended };
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
