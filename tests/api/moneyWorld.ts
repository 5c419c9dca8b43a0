import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Envelope } from '../../src/contract/define.js';
import type { Db } from '../../src/server/db/driver.js';
import { houseGrants } from '../../src/server/domain/money/ledger.js';
import { hashPassword } from '../../src/server/domain/auth/passwords.js';
import { hashPin } from '../../src/server/domain/auth/pins.js';
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
  const outHash = await hashPin(db, '1234');
  const root = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', 'ptn1').executeTakeFirstOrThrow();
  const partners: Node[] = [];
  let above = [root.id];
  let seq = 0;
  const insert = async (level: string, loginType: string, parents: number[], per: number) => {
    const values = parents.flatMap((parentId) =>
      Array.from({ length: per }, () => {
        const memId = `w${level === 'NORMAL' ? 'u' : 'p'}${++seq}`;
        return {
          site_id: siteId,
          mem_id: memId,
          pass_hash: passHash,
          cash_out_pass_hash: outHash,
          mem_nick: `${memId}_n`,
          partner_level: level,
          login_type: loginType,
          parent_id: parentId,
        };
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
    await houseGrants(
      db,
      siteId,
      all.slice(i, i + 200).flatMap((n) => {
        const partner = n.level !== 'NORMAL';
        return [
          { id: n.id, kind: 'cash' as const, amount: partner ? 10_000_000 : 200_000 },
          { id: n.id, kind: 'point' as const, amount: partner ? 1_000_000 : 50_000 },
        ];
      }),
    );
  }
  return { partners, players, adminToken };
}

/** `client` is the driving loop's number: a caller may spread loops over several servers by it. */
export type Post = (path: string, body: Record<string, unknown>, token: string, client: number) => Promise<Envelope<any>>;

/** JSON with object keys sorted: jsonb keeps its own key order, so a stored answer may list them differently. */
export const canon = (v: unknown) => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));

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
 * `clients` concurrent loops of random money calls for `ms` (or `perClient` calls, or until `stop`):
 * gives and retrieves to direct children (cash and points), deposits and withdrawals with their
 * processing, conversions, grants; with `wallet` (a vendor code) also game rounds through its signed
 * callbacks (bet, then win, rollback or nothing). About 10% are replays of an earlier request or
 * transaction id, some sequential, some sent twice at once (to loops c and c+1). Records every
 * answer; a 5xx or a replay that answers differently is a fault. Wallet calls are sent to
 * `/api/vendor/<code>/<action>` with token '': `post` signs them.
 */
export async function drive(
  post: Post,
  w: { partners: Node[]; players: Node[]; adminToken: string },
  opts: { clients: number; perClient?: number; ms?: number; stop?: () => boolean; wallet?: string },
): Promise<LoadStats> {
  const byParent = new Map<number, Node[]>();
  for (const n of [...w.partners, ...w.players]) byParent.set(n.parentId, [...(byParent.get(n.parentId) ?? []), n]);
  const byId = new Map([...w.partners, ...w.players].map((n) => [n.id, n]));
  const stats: LoadStats = { sent: [], ok: 0, duplicates: 0, replayMismatches: [], faults: [] };
  const end = opts.ms ? Date.now() + opts.ms : Infinity;

  const send = async (c: number, path: string, body: Record<string, unknown>, token: string) => {
    const full = path.startsWith('/api/vendor/') ? body : { requestId: randomUUID(), ...body };
    let answer: Envelope<any>;
    try {
      answer = await post(path, full, token, c);
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

  const round = async (c: number) => {
    const player = pick(w.players);
    const txId = `t-${randomUUID()}`;
    const at = `/api/vendor/${opts.wallet}`;
    const bet = { memId: player.memId, txId, roundId: `r-${txId}`, gameCode: 'lucky-sevens', amount: 1_000 * (1 + Math.floor(Math.random() * 10)) };
    let b: Envelope<any> | null;
    if (Math.random() < 0.1) {
      // the same transaction twice at once: both answer the one result
      const both = await Promise.all([post(`${at}/bet`, bet, '', c), post(`${at}/bet`, bet, '', c + 1)]).catch(() => null);
      if (!both) return;
      if (canon(both[0]) !== canon(both[1])) stats.replayMismatches.push(`concurrent bet ${canon(both[0])} vs ${canon(both[1])}`);
      if (both[0].resultCode === '0') stats.ok++;
      stats.sent.push({ path: `${at}/bet`, body: bet, token: '', answer: both[0] });
      b = both[0];
    } else b = await send(c, `${at}/bet`, bet, '');
    if (b?.resultCode !== '0') return;
    const k = Math.random();
    if (k < 0.6) await send(c, `${at}/win`, { memId: player.memId, txId: `${txId}:w`, betTxId: txId, amount: 1_000 * Math.floor(Math.random() * 20) }, '');
    else if (k < 0.85) await send(c, `${at}/rollback`, { memId: player.memId, txId: `${txId}:r`, betTxId: txId }, '');
  };

  const step = async (c: number) => {
    const r = Math.random();
    if (r < 0.05 && stats.sent.length) {
      const first = pick(stats.sent);
      const again = await post(first.path, first.body, first.token, c).catch(() => null);
      if (!again) return;
      if (first.answer.resultCode === '0' && canon(again) !== canon(first.answer)) {
        stats.replayMismatches.push(`${first.path} ${JSON.stringify(first.answer)} vs ${JSON.stringify(again)}`);
      }
      // a refusal keeps no request id, so its resend is judged afresh and may move money now: it is a sending of its own
      if (first.answer.resultCode !== '0') {
        if (again.resultCode === '0') stats.ok++;
        stats.sent.push({ ...first, answer: again });
      }
      return;
    }
    if (r < 0.1) {
      // the same request twice at once: one movement at most; the other answers the same or C999
      const partner = pick(w.partners.filter((p) => byParent.has(p.id)));
      const child = pick(byParent.get(partner.id)!);
      const body = { requestId: randomUUID(), memId: child.memId, inAmt: 1_000 + Math.floor(Math.random() * 9) * 1_000 };
      const [a, b] = await Promise.all([post('/api/v2/retail/cashIn', body, partner.token, c), post('/api/v2/retail/cashIn', body, partner.token, c + 1)]).catch(() => [
        null,
        null,
      ]);
      if (!a || !b) return;
      const codes = [a.resultCode, b.resultCode].sort().join(',');
      if (codes === '0,C999') stats.duplicates++;
      else if (codes !== '0,0' && a.resultCode !== b.resultCode) stats.faults.push(`duplicate pair answered ${codes}`);
      else if (codes === '0,0' && canon(a) !== canon(b)) stats.replayMismatches.push('concurrent duplicate answered two different results');
      for (const x of [a, b]) if (x.resultCode === '0') stats.ok++;
      stats.sent.push({ path: '/api/v2/retail/cashIn', body, token: partner.token, answer: a.resultCode === '0' ? a : b });
      return;
    }
    if (r < 0.55) {
      const partner = pick(w.partners.filter((p) => byParent.has(p.id)));
      const child = pick(byParent.get(partner.id)!);
      const amt = 1_000 * (1 + Math.floor(Math.random() * 50));
      const k = Math.random();
      if (k < 0.4) await send(c, '/api/v2/retail/cashIn', { memId: child.memId, inAmt: amt }, partner.token);
      else if (k < 0.8) await send(c, '/api/v2/retail/cashOut', { memId: child.memId, outAmt: amt }, partner.token);
      else await send(c, '/api/v2/retail/pointChange', { memId: child.memId, pointType: Math.random() < 0.5 ? 2 : -2, pointAmt: amt }, partner.token);
      return;
    }
    if (opts.wallet && Math.random() < 0.5) return round(c);
    const player = pick(w.players);
    if (r < 0.7) {
      const a = await send(c, '/api/cash/in', { cashAmt: 10_000 * (1 + Math.floor(Math.random() * 5)) }, player.token);
      if (a?.resultCode !== '0') return;
      await send(c, '/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: 2 }, w.adminToken);
      await send(c, '/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: Math.random() < 0.7 ? 1 : -1 }, w.adminToken);
    } else if (r < 0.85) {
      const a = await send(c, '/api/cash/out', { cashAmt: 10_000 * (1 + Math.floor(Math.random() * 3)), cashOutPass: '1234' }, player.token);
      if (a?.resultCode !== '0') return;
      if (Math.random() < 0.3) return void (await send(c, '/api/cash/del', { cashIdx: a.data.cashIdx }, player.token));
      await send(c, '/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: 2 }, w.adminToken);
      await send(c, '/api/admin/cash/process', { cashIdx: a.data.cashIdx, cashStatus: Math.random() < 0.7 ? 1 : -1 }, w.adminToken);
    } else if (r < 0.93) {
      await send(c, '/api/cash/pointChg', { pointAmt: 10_000 }, player.token);
    } else {
      const who = byId.get(pick([...w.players, ...w.partners]).id)!;
      await send(c, '/api/admin/cash/grant', { memId: who.memId, cashAmt: 5_000, mode: Math.random() < 0.5 ? 2 : -2 }, w.adminToken);
    }
  };

  await Promise.all(
    Array.from({ length: opts.clients }, async (_, c) => {
      for (let i = 0; (opts.perClient === undefined || i < opts.perClient) && Date.now() < end && !opts.stop?.(); i++) await step(c);
    }),
  );
  return stats;
}
