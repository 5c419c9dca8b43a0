import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Envelope } from '../../src/contract/define.js';
import type { Db } from '../../src/server/db/driver.js';
import { houseGrants } from '../../src/server/domain/money/ledger.js';
import { hashPassword } from '../../src/server/domain/auth/passwords.js';
import { hashToken, newToken } from '../../src/server/domain/auth/tokens.js';

export interface Node {
  id: number;
  memId: string;
  level: string;
  parentId: number;
  token: string;
}

/**
 * Adds a 7-level tree under the demo site's ptn1: 2 new partners under every partner of the level
 * above (64 at PTN_7), `playersPer` players under each PTN_7; with sessions and opening balances
 * through ledger grants. Bulk inserts: no scrypt per member.
 */
export async function buildWorld(db: Db, siteId: string, playersPer = 14): Promise<{ partners: Node[]; players: Node[]; adminToken: string }> {
  const passHash = await hashPassword('demo1234!');
  const outHash = await hashPassword('1234');
  const root = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', 'ptn1').executeTakeFirstOrThrow();
  const partners: Node[] = [];
  let above = [root.id];
  let seq = 0;
  const insert = async (level: string, loginType: string, parents: number[], per: number) => {
    const values = parents.flatMap((parentId) =>
      Array.from({ length: per }, () => {
        const memId = `w${level === 'NORMAL' ? 'u' : 'p'}${++seq}`;
        return { site_id: siteId, mem_id: memId, pass_hash: passHash, cash_out_pass_hash: outHash, mem_nick: `${memId}_n`, partner_level: level, login_type: loginType, parent_id: parentId };
      }),
    );
    const rows = await db.insertInto('member').values(values).returning(['id', 'mem_id', 'parent_id', 'partner_level']).execute();
    const ids = rows.map((r) => r.id);
    await sql`
      insert into member_path (ancestor_id, descendant_id, depth)
      select m.id, m.id, 0 from member m where m.id = any(${ids}::bigint[])
      union all
      select p.ancestor_id, m.id, p.depth + 1 from member m join member_path p on p.descendant_id = m.parent_id where m.id = any(${ids}::bigint[])
    `.execute(db);
    return rows.map((r) => ({ id: r.id, memId: r.mem_id, level: r.partner_level, parentId: r.parent_id!, token: '' }));
  };
  for (let l = 2; l <= 7; l++) {
    const made = await insert(`PTN_${l}`, 'PARTNER', above, 2);
    partners.push(...made);
    above = made.map((m) => m.id);
  }
  const players = await insert('NORMAL', 'NORMAL', above, playersPer);
  const all = [...partners, ...players];
  for (const n of all) n.token = newToken();
  const admin = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', 'admin').executeTakeFirstOrThrow();
  const adminToken = newToken();
  const expires = new Date(Date.now() + 8 * 3600_000);
  const sessions = [...all.map((n) => ({ id: n.id, token: n.token })), { id: admin.id, token: adminToken }];
  for (let i = 0; i < sessions.length; i += 500) {
    await db
      .insertInto('session')
      .values(sessions.slice(i, i + 500).map((x) => ({ site_id: siteId, member_id: x.id, token_hash: hashToken(x.token), expires_at: expires })))
      .execute();
  }
  for (let i = 0; i < all.length; i += 200) {
    await houseGrants(db, siteId, all.slice(i, i + 200).flatMap((n) => {
      const partner = n.level !== 'NORMAL';
      return [{ id: n.id, kind: 'cash' as const, amount: partner ? 10_000_000 : 200_000 }, { id: n.id, kind: 'point' as const, amount: partner ? 1_000_000 : 50_000 }];
    }));
  }
  return { partners, players, adminToken };
}

export type Post = (path: string, body: Record<string, unknown>, token: string) => Promise<Envelope<any>>;

export interface Sent {
  path: string;
  body: Record<string, unknown>;
  token: string;
  answer: Envelope<any>;
}

export interface LoadStats {
  sent: Sent[];
  ok: number;
  duplicates: number;
  replayMismatches: string[];
  faults: string[];
}

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/**
 * `clients` concurrent loops of random money calls for `ms` (or `perClient` calls): gives and
 * retrieves to direct children (cash and points), deposits and withdrawals with their processing,
 * conversions, grants; about 10% are replays of an earlier request, half sequential, half sent
 * twice at once. Records every answer; a 5xx or a replay that answers differently is a fault.
 */
export async function drive(
  post: Post,
  w: { partners: Node[]; players: Node[]; adminToken: string },
  opts: { clients: number; perClient?: number; ms?: number; stop?: () => boolean },
): Promise<LoadStats> {
  const byParent = new Map<number, Node[]>();
  for (const n of [...w.partners, ...w.players]) byParent.set(n.parentId, [...(byParent.get(n.parentId) ?? []), n]);
  const byId = new Map([...w.partners, ...w.players].map((n) => [n.id, n]));
  const stats: LoadStats = { sent: [], ok: 0, duplicates: 0, replayMismatches: [], faults: [] };
  const end = opts.ms ? Date.now() + opts.ms : Infinity;

  const send = async (path: string, body: Record<string, unknown>, token: string) => {
    const full = { requestId: randomUUID(), ...body };
    let answer: Envelope<any>;
    try {
      answer = await post(path, full, token);
    } catch (e) {
      if (opts.stop?.()) return null;
      stats.faults.push(`${path}: ${(e as Error).message}`);
      return null;
    }
    if (!/^[A-Z0-9]+$/.test(answer.resultCode) || answer.resultCode.startsWith('S')) stats.faults.push(`${path}: ${answer.resultCode} ${answer.resultMessage}`);
    if (answer.resultCode === '0') stats.ok++;
    stats.sent.push({ path, body: full, token, answer });
    return answer;
  };

  const step = async () => {
    const r = Math.random();
    if (r < 0.05 && stats.sent.length) {
      const first = pick(stats.sent);
      const again = await post(first.path, first.body, first.token).catch(() => null);
      if (again && first.answer.resultCode === '0' && JSON.stringify(again) !== JSON.stringify(first.answer)) {
        stats.replayMismatches.push(`${first.path} ${JSON.stringify(first.answer)} vs ${JSON.stringify(again)}`);
      }
      return;
    }
    if (r < 0.1) {
      // the same request twice at once: one movement at most; the other answers the same or C999
      const partner = pick(w.partners.filter((p) => byParent.has(p.id)));
      const child = pick(byParent.get(partner.id)!);
      const body = { requestId: randomUUID(), memId: child.memId, inAmt: 1_000 + Math.floor(Math.random() * 9) * 1_000 };
      const [a, b] = await Promise.all([post('/api/v2/retail/cashIn', body, partner.token), post('/api/v2/retail/cashIn', body, partner.token)]).catch(() => [null, null]);
      if (!a || !b) return;
      const codes = [a.resultCode, b.resultCode].sort().join(',');
      if (codes === '0,C999') stats.duplicates++;
      else if (codes !== '0,0' && a.resultCode !== b.resultCode) stats.faults.push(`duplicate pair answered ${codes}`);
      else if (codes === '0,0' && JSON.stringify(a) !== JSON.stringify(b)) stats.replayMismatches.push('concurrent duplicate answered two different results');
      for (const x of [a, b]) if (x.resultCode === '0') stats.ok++;
      stats.sent.push({ path: '/api/v2/retail/cashIn', body, token: partner.token, answer: a.resultCode === '0' ? a : b });
      return;
    }
    if (r < 0.55) {
      const partner = pick(w.partners.filter((p) => byParent.has(p.id)));
      const child = pick(byParent.get(partner.id)!);
      const amt = 1_000 * (1 + Math.floor(Math.random() * 50));
      const k = Math.random();
      if (k < 0.4) await send('/api/v2/retail/cashIn', { memId: child.memId, inAmt: amt }, partner.token);
      else if (k < 0.8) await send('/api/v2/retail/cashOut', { memId: child.memId, outAmt: amt }, partner.token);
      else await send('/api/v2/retail/pointChange', { memId: child.memId, pointType: Math.random() < 0.5 ? 2 : -2, pointAmt: amt }, partner.token);
      return;
    }
    const player = pick(w.players);
    if (r < 0.7) {
      const a = await send('/api/cash/in', { cashAmt: 10_000 * (1 + Math.floor(Math.random() * 5)) }, player.token);
      if (a?.resultCode !== '0') return;
      await send('/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: 2 }, w.adminToken);
      await send('/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: Math.random() < 0.7 ? 1 : -1 }, w.adminToken);
    } else if (r < 0.85) {
      const a = await send('/api/cash/out', { cashAmt: 10_000 * (1 + Math.floor(Math.random() * 3)), cashOutPass: '1234' }, player.token);
      if (a?.resultCode !== '0') return;
      if (Math.random() < 0.3) return void (await send('/api/cash/del', { cashIdx: a.data.cashIdx }, player.token));
      await send('/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: 2 }, w.adminToken);
      await send('/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: Math.random() < 0.7 ? 1 : -1 }, w.adminToken);
    } else if (r < 0.93) {
      await send('/api/cash/pointChg', { pointAmt: 10_000 }, player.token);
    } else {
      const who = byId.get(pick([...w.players, ...w.partners]).id)!;
      await send('/api/admin/cash/grant', { memId: who.memId, cashAmt: 5_000, mode: Math.random() < 0.5 ? 2 : -2 }, w.adminToken);
    }
  };

  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      for (let i = 0; (opts.perClient === undefined || i < opts.perClient) && Date.now() < end && !opts.stop?.(); i++) await step();
    }),
  );
  return stats;
}
