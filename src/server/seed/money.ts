import { ApiError } from '../../contract/codes.js';
import { cashStatus } from '../../contract/moneyKinds.js';
import type { Deps } from '../domain/deps.js';
import { holdWithdrawal, processRequest, requestDeposit } from '../domain/money/cashRequests.js';
import { convertPoints } from '../domain/money/points.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { kstDayStart } from '../domain/common/time.js';
import { adminGrant, partnerMove, type Actor } from '../domain/money/transfers.js';
import type { SeedScope } from './scope.js';

const MIN = 60_000;

/** Deterministic pseudo-random numbers so every demo database looks the same. */
function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

/**
 * Opening balances through admin grants (partners 10,000,000 cash; players 100,000 cash and 20,000
 * points), then 30 days of history applied in time order: deposits and withdrawals approved and
 * rejected, gives and retrieves, point conversions; requests left open only for user11..user20.
 */
export async function seedMoney(app: Deps, { siteId, ids }: SeedScope): Promise<void> {
  const db = app.db;
  const now = app.clock.now();
  const o = { ...siteOptions({ options: {} }), withdrawWaitMinutes: 0 };
  const admin = ids.get('admin')!;
  const members = await db
    .selectFrom('member as m')
    .leftJoin('member as p', 'p.id', 'm.parent_id')
    .select(['m.mem_id as memId', 'm.login_type as loginType', 'p.mem_id as parent'])
    .where('m.site_id', '=', siteId)
    .where('m.login_type', 'in', ['PARTNER', 'NORMAL'])
    .orderBy('m.id')
    .execute();
  const demoPartners = members.filter((m) => m.loginType === 'PARTNER');
  const demoPlayers = members.filter((m) => m.loginType === 'NORMAL' && m.parent) as { memId: string; parent: string }[];
  const actor = (id: number, at: Date): Actor => ({ siteId, id, requestKey: null, call: 'seed', at });
  const start = new Date(kstDayStart(now, 31).getTime() + 9 * 60 * MIN);

  for (const p of demoPartners) await adminGrant(db, actor(admin, start), { memId: p.memId, amount: 10_000_000, mode: 2, memo: '기본 지급' });
  for (const u of demoPlayers) {
    await adminGrant(db, actor(admin, start), { memId: u.memId, amount: 100_000, mode: 2, memo: '기본 지급' });
    await adminGrant(db, actor(admin, start), { memId: u.memId, amount: 20_000, mode: 2, memo: '기본 포인트 지급', kind: 'point' });
  }

  const rand = rng(20260101);
  const events: { at: Date; run: () => Promise<unknown> }[] = [];
  const at = (daysBack: number) =>
    daysBack === 0 ? new Date(now.getTime() - (30 + rand(90)) * MIN) : new Date(kstDayStart(now, daysBack).getTime() + (10 * 60 + rand(11 * 60)) * MIN);
  const add = (when: Date, run: () => Promise<unknown>) => events.push({ at: when, run });

  /** a request and its processing, minutes apart, at one moment of one day */
  const flow = (memId: string, kind: 'in' | 'out', amount: number, day: number, end: number | null) => {
    const id = ids.get(memId)!;
    const t = at(day);
    let cashIdx = 0;
    add(t, async () => {
      const r = kind === 'in' ? await requestDeposit(db, actor(id, t), amount, o) : await holdWithdrawal(db, actor(id, t), amount, o);
      cashIdx = r.result.cashIdx;
    });
    if (end === null) return;
    const t2 = new Date(t.getTime() + 5 * MIN);
    add(t2, () => (cashIdx ? processRequest(db, actor(admin, t2), cashIdx, cashStatus.waiting) : Promise.resolve()));
    if (end === cashStatus.waiting) return;
    const t3 = new Date(t.getTime() + (15 + rand(60)) * MIN);
    add(t3, () => (cashIdx ? processRequest(db, actor(admin, t3), cashIdx, end) : Promise.resolve()));
  };

  for (const [i, u] of demoPlayers.entries()) {
    const parent = ids.get(u.parent)!;
    flow(u.memId, 'in', (5 + rand(20)) * 10_000, 28 - rand(4), cashStatus.complete);
    flow(u.memId, 'in', (3 + rand(10)) * 10_000, 18 - rand(4), cashStatus.complete);
    flow(u.memId, 'in', 50_000, 12 - rand(3), cashStatus.cancelled);
    flow(u.memId, 'out', (3 + rand(5)) * 10_000, 20 - rand(4), cashStatus.complete);
    flow(u.memId, 'out', 20_000, 9 - rand(3), cashStatus.cancelled);
    flow(u.memId, 'in', (2 + rand(5)) * 10_000, 3 - rand(2), cashStatus.complete);
    for (const d of [25 - rand(3), 14 - rand(3), 2]) {
      const t = at(d);
      add(t, () => partnerMove(db, actor(parent, t), { memId: u.memId, amount: (1 + rand(10)) * 10_000, memo: '이벤트 지급', direction: 'give', kind: 'cash' }));
    }
    const tr = at(6 - rand(3));
    add(tr, () => partnerMove(db, actor(parent, tr), { memId: u.memId, amount: (1 + rand(3)) * 10_000, memo: '정산 회수', direction: 'retrieve', kind: 'cash' }));
    const tc = at(10 - rand(5));
    add(tc, () => convertPoints(db, actor(ids.get(u.memId)!, tc), 10_000));
    if (i >= 10) {
      // open requests only for user11..user20, so user1..user10 can start every flow
      flow(u.memId, 'in', 100_000, 0, i % 2 ? null : cashStatus.waiting);
      if (i % 3 === 0) flow(u.memId, 'out', 10_000, 0, null);
    }
  }
  for (const p of demoPartners) {
    if (!p.parent) continue;
    const parent = ids.get(p.parent)!;
    for (const d of [27 - rand(3), 8 - rand(3), 1]) {
      const t = at(d);
      add(t, () => partnerMove(db, actor(parent, t), { memId: p.memId, amount: (1 + rand(5)) * 100_000, memo: '이벤트 지급', direction: 'give', kind: 'cash' }));
    }
    const t = at(4);
    add(t, () => partnerMove(db, actor(parent, t), { memId: p.memId, amount: 50_000, memo: '정산 회수', direction: 'retrieve', kind: 'cash' }));
  }

  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) {
    if (e.at.getTime() > now.getTime()) continue;
    try {
      await e.run();
    } catch (err) {
      // a history step that the rules refuse (not enough money that day) is simply skipped
      if (!(err instanceof ApiError)) throw err;
    }
  }
}
