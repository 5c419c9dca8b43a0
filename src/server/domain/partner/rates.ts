/**
 * Rolling (point) and losing rates per member and category, per-vendor detail rates by rate type,
 * their bounds (a child never above its parent, never below its own downline's maximum), the
 * one-day lock after the recommender changes them, and the history of every change.
 */
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { gameCategories, gameCategoryNames as categoryNames, type GameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Trx } from '../money/ledger.js';
import type { MemberRef } from './hierarchy.js';

/** Rate types per game engine; a vendor's detail rates are one row per type. */
export const rateTypesByKind: Record<string, { rateType: string; rateTypeName: string }[]> = {
  sports: [
    { rateType: 'single', rateTypeName: '단폴더' },
    { rateType: 'multi', rateTypeName: '다폴더' },
  ],
  baccarat: [{ rateType: 'normal', rateTypeName: '일반' }],
  slot: [{ rateType: 'normal', rateTypeName: '일반' }],
  oddeven: [{ rateType: 'normal', rateTypeName: '일반' }],
};
export const LOCK_MS = 86_400_000;
const MAX = 100;

export interface Pair {
  pointRate: number;
  loseRate: number;
}
export type CategoryRates = Record<GameCategory, Pair & { lockedUntil: Date | null }>;
export interface Bounds {
  minPointRate: number;
  maxPointRate: number;
  minLoseRate: number;
  maxLoseRate: number;
}

const none = () => ({ pointRate: 0, loseRate: 0, lockedUntil: null });
const zero = () => Object.fromEntries(gameCategories.map((c) => [c, none()])) as CategoryRates;

/** Category rates of each member (0 where none was set). */
export async function ratesOf(db: Db | Trx, ids: number[]): Promise<Map<number, CategoryRates>> {
  const out = new Map(ids.map((id) => [id, zero()]));
  if (!ids.length) return out;
  const rows = await db.selectFrom('rate').select(['member_id', 'category', 'point_rate', 'lose_rate', 'locked_until']).where('member_id', 'in', ids).execute();
  for (const r of rows) out.get(r.member_id)![r.category] = { pointRate: Number(r.point_rate), loseRate: Number(r.lose_rate), lockedUntil: r.locked_until };
  return out;
}

/** The highest rates among the direct children of each member, per category. */
async function childMax(db: Db | Trx, ids: number[]): Promise<Map<number, Record<string, Pair>>> {
  const out = new Map<number, Record<string, Pair>>(ids.map((id) => [id, {}]));
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('member as m')
    .innerJoin('rate as r', 'r.member_id', 'm.id')
    .select(['m.parent_id', 'r.category', (eb) => eb.fn.max('r.point_rate').as('p'), (eb) => eb.fn.max('r.lose_rate').as('l')])
    .where('m.parent_id', 'in', ids)
    .groupBy(['m.parent_id', 'r.category'])
    .execute();
  for (const r of rows) out.get(r.parent_id!)![r.category] = { pointRate: Number(r.p), loseRate: Number(r.l) };
  return out;
}

/** Bounds per category for each member: max = its parent's rate (100 at the top), min = its direct children's max. */
export async function boundsOf(db: Db | Trx, members: { id: number; parentId: number | null }[]): Promise<Map<number, Record<GameCategory, Bounds>>> {
  const parents = [...new Set(members.map((m) => m.parentId).filter((p): p is number => p != null))];
  const [parentRates, kids, parentRows] = await Promise.all([
    ratesOf(db, parents),
    childMax(
      db,
      members.map((m) => m.id),
    ),
    parents.length ? db.selectFrom('member').select(['id', 'login_type']).where('id', 'in', parents).execute() : Promise.resolve([]),
  ]);
  const isPartner = new Map(parentRows.map((p) => [p.id, p.login_type === 'PARTNER']));
  const out = new Map<number, Record<GameCategory, Bounds>>();
  for (const m of members) {
    const up = m.parentId != null && isPartner.get(m.parentId) ? parentRates.get(m.parentId)! : null;
    const k = kids.get(m.id)!;
    out.set(
      m.id,
      Object.fromEntries(
        gameCategories.map((c) => [
          c,
          {
            minPointRate: k[c]?.pointRate ?? 0,
            maxPointRate: up ? up[c].pointRate : MAX,
            minLoseRate: k[c]?.loseRate ?? 0,
            maxLoseRate: up ? up[c].loseRate : MAX,
          },
        ]),
      ) as Record<GameCategory, Bounds>,
    );
  }
  return out;
}

/** A rate as the screens send it (text or number, percent with at most 2 decimals). */
export function parseRate(v: unknown, what: string): number {
  const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(x) || x < 0 || x > MAX || Math.round(x * 100) !== Math.round(x * 1e6) / 1e4)
    throw new ApiError('V001', `${what}: a rate from 0 to 100 with at most 2 decimals`);
  return Math.round(x * 100) / 100;
}

export interface Editor {
  id: number;
  admin: boolean;
}

/** Only the operator or the member's own recommender (direct parent) changes its rates. */
function assertEditor(editor: Editor, target: Pick<MemberRef, 'parentId' | 'id'>) {
  if (!editor.admin && target.parentId !== editor.id) throw new ApiError('A001', 'Only the recommender changes these rates');
}

const serialize = (trx: Trx, siteId: string) => sql`select pg_advisory_xact_lock(hashtext(${'rate:' + siteId}))`.execute(trx);

function checkBound(category: string, v: Pair, b: Bounds) {
  if (v.pointRate < b.minPointRate || v.pointRate > b.maxPointRate) throw new ApiError('R002', `${category}: rolling rate must be ${b.minPointRate} to ${b.maxPointRate}`);
  if (v.loseRate < b.minLoseRate || v.loseRate > b.maxLoseRate) throw new ApiError('R002', `${category}: losing rate must be ${b.minLoseRate} to ${b.maxLoseRate}`);
}

/**
 * Saves category rates of `target`. Every value is checked against its bounds (R002) and, unless
 * the operator saves, against the one-day lock of the last change (R001); a changed category is
 * locked for a day and kept in rate_change. Nothing is written when any value fails.
 */
export async function saveRates(
  db: Db,
  siteId: string,
  editor: Editor,
  target: Pick<MemberRef, 'id' | 'parentId'>,
  list: { category: string; pointRate: unknown; loseRate: unknown }[],
  now: Date,
): Promise<{ changed: string[] }> {
  assertEditor(editor, target);
  const wanted = list.map((r) => {
    if (!(gameCategories as readonly string[]).includes(r.category)) throw new ApiError('V001', `${r.category}: unknown category`);
    return { category: r.category as GameCategory, pointRate: parseRate(r.pointRate, `${r.category} rolling`), loseRate: parseRate(r.loseRate, `${r.category} losing`) };
  });
  return db.transaction().execute(async (trx) => {
    await serialize(trx, siteId);
    const [current, bounds] = await Promise.all([ratesOf(trx, [target.id]), boundsOf(trx, [target])]);
    const cur = current.get(target.id)!;
    const b = bounds.get(target.id)!;
    const changed = wanted.filter((w) => w.pointRate !== cur[w.category].pointRate || w.loseRate !== cur[w.category].loseRate);
    for (const w of changed) {
      checkBound(w.category, w, b[w.category]);
      const until = cur[w.category].lockedUntil;
      if (!editor.admin && until && until > now) throw new ApiError('R001');
    }
    for (const w of changed) await writeRate(trx, siteId, editor, target.id, w, cur[w.category], now);
    return { changed: changed.map((w) => w.category) };
  });
}

async function writeRate(trx: Trx, siteId: string, editor: Editor, memberId: number, w: Pair & { category: GameCategory }, before: Pair, now: Date) {
  const lockedUntil = editor.admin ? null : new Date(now.getTime() + LOCK_MS);
  await trx
    .insertInto('rate')
    .values({ site_id: siteId, member_id: memberId, category: w.category, point_rate: w.pointRate, lose_rate: w.loseRate, locked_until: lockedUntil, updated_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'category']).doUpdateSet({ point_rate: w.pointRate, lose_rate: w.loseRate, locked_until: lockedUntil, updated_at: now }))
    .execute();
  await trx
    .insertInto('rate_change')
    .values({
      site_id: siteId,
      member_id: memberId,
      changed_by: editor.id,
      category: w.category,
      before_point: before.pointRate,
      before_lose: before.loseRate,
      after_point: w.pointRate,
      after_lose: w.loseRate,
      created_at: now,
    })
    .execute();
}

/** Sets rates without bounds or lock (demo seed, approved partner requests), still recorded in the history. */
export async function setRatesDirect(db: Db | Trx, siteId: string, byId: number, memberId: number, list: (Pair & { category: GameCategory })[], now: Date) {
  const write = async (trx: Trx) => {
    const cur = (await ratesOf(trx, [memberId])).get(memberId)!;
    for (const w of list) await writeRate(trx, siteId, { id: byId, admin: true }, memberId, w, cur[w.category], now);
  };
  // inside a caller's transaction (a partner made with its rates) it joins that one
  await (db.isTransaction ? write(db as Trx) : db.transaction().execute(write));
}

// --- per-vendor detail rates

export interface VendorRef {
  id: number;
  code: string;
  category: GameCategory;
  kind: string;
}

export async function vendorRef(db: Db | Trx, siteId: string, code: string | undefined): Promise<VendorRef> {
  const v = code
    ? await db
        .selectFrom('vendor as v')
        .leftJoin('game as g', 'g.vendor_id', 'v.id')
        .select(['v.id', 'v.code', 'v.category', (eb) => eb.fn.min('g.kind').as('kind')])
        .where('v.site_id', '=', siteId)
        .where('v.code', '=', code)
        .groupBy(['v.id', 'v.code', 'v.category'])
        .executeTakeFirst()
    : undefined;
  if (!v) throw new ApiError('V001', 'vendorCode: unknown vendor');
  return { id: v.id, code: v.code, category: v.category, kind: v.kind ?? 'slot' };
}

/** Effective detail rates (the category rate where no detail row exists) of each member for one vendor. */
async function detailOf(db: Db | Trx, ids: number[], v: VendorRef): Promise<Map<number, Map<string, Pair & { lockedUntil: Date | null }>>> {
  const types = rateTypesByKind[v.kind] ?? rateTypesByKind.slot;
  const [cats, rows] = await Promise.all([
    ratesOf(db, ids),
    ids.length ? db.selectFrom('rate_detail').selectAll().where('member_id', 'in', ids).where('vendor_id', '=', v.id).execute() : Promise.resolve([]),
  ]);
  const out = new Map<number, Map<string, Pair & { lockedUntil: Date | null }>>();
  for (const id of ids) {
    const c = cats.get(id)![v.category];
    out.set(id, new Map(types.map((t) => [t.rateType, { pointRate: c.pointRate, loseRate: c.loseRate, lockedUntil: null }])));
  }
  for (const r of rows) out.get(r.member_id)!.set(r.rate_type, { pointRate: Number(r.point_rate), loseRate: Number(r.lose_rate), lockedUntil: r.locked_until });
  return out;
}

/** Detail rates of `m` for a vendor with bounds from its parent's and its children's effective detail rates. */
export async function multipleRateInfo(db: Db | Trx, m: Pick<MemberRef, 'id' | 'parentId'>, v: VendorRef) {
  const kids = (await db.selectFrom('member').select('id').where('parent_id', '=', m.id).execute()).map((r) => r.id);
  const parent = m.parentId != null ? await db.selectFrom('member').select('login_type').where('id', '=', m.parentId).executeTakeFirst() : undefined;
  const ids = [m.id, ...kids, ...(parent?.login_type === 'PARTNER' ? [m.parentId!] : [])];
  const eff = await detailOf(db, ids, v);
  const types = rateTypesByKind[v.kind] ?? rateTypesByKind.slot;
  return {
    vendorCode: v.code,
    rateList: types.map((t) => {
      const own = eff.get(m.id)!.get(t.rateType)!;
      const up = parent?.login_type === 'PARTNER' ? eff.get(m.parentId!)!.get(t.rateType)! : null;
      const down = kids.map((k) => eff.get(k)!.get(t.rateType)!);
      return {
        rateType: t.rateType,
        rateTypeName: t.rateTypeName,
        pointRate: own.pointRate,
        loseRate: own.loseRate,
        minPointRate: Math.max(0, ...down.map((d) => d.pointRate)),
        maxPointRate: up ? up.pointRate : MAX,
        minLoseRate: Math.max(0, ...down.map((d) => d.loseRate)),
        maxLoseRate: up ? up.loseRate : MAX,
      };
    }),
  };
}

/** Saves detail rates of one vendor, with the same bounds, lock and history rules as category rates. */
export async function saveMultipleRates(
  db: Db,
  siteId: string,
  editor: Editor,
  target: Pick<MemberRef, 'id' | 'parentId'>,
  v: VendorRef,
  list: { rateType: string; pointRate: unknown; loseRate: unknown }[],
  now: Date,
) {
  assertEditor(editor, target);
  const types = new Set((rateTypesByKind[v.kind] ?? rateTypesByKind.slot).map((t) => t.rateType));
  const wanted = list.map((r) => {
    if (!types.has(r.rateType)) throw new ApiError('V001', `${r.rateType}: unknown rate type`);
    return { rateType: r.rateType, pointRate: parseRate(r.pointRate, `${r.rateType} rolling`), loseRate: parseRate(r.loseRate, `${r.rateType} losing`) };
  });
  return db.transaction().execute(async (trx) => {
    await serialize(trx, siteId);
    const info = await multipleRateInfo(trx, target, v);
    const locks = await trx.selectFrom('rate_detail').select(['rate_type', 'locked_until']).where('member_id', '=', target.id).where('vendor_id', '=', v.id).execute();
    const changed: string[] = [];
    for (const w of wanted) {
      const cur = info.rateList.find((r) => r.rateType === w.rateType)!;
      if (cur.pointRate === w.pointRate && cur.loseRate === w.loseRate) continue;
      checkBound(`${v.code} ${w.rateType}`, w, cur);
      const until = locks.find((l) => l.rate_type === w.rateType)?.locked_until;
      if (!editor.admin && until && until > now) throw new ApiError('R001');
      const lockedUntil = editor.admin ? null : new Date(now.getTime() + LOCK_MS);
      const set = { point_rate: w.pointRate, lose_rate: w.loseRate, locked_until: lockedUntil, updated_at: now };
      await trx
        .insertInto('rate_detail')
        .values({ site_id: siteId, member_id: target.id, vendor_id: v.id, rate_type: w.rateType, ...set })
        .onConflict((oc) => oc.columns(['member_id', 'vendor_id', 'rate_type']).doUpdateSet(set))
        .execute();
      await trx
        .insertInto('rate_change')
        .values({
          site_id: siteId,
          member_id: target.id,
          changed_by: editor.id,
          category: v.category,
          vendor_id: v.id,
          rate_type: w.rateType,
          before_point: cur.pointRate,
          before_lose: cur.loseRate,
          after_point: w.pointRate,
          after_lose: w.loseRate,
          created_at: now,
        })
        .execute();
      changed.push(w.rateType);
    }
    return { changed };
  });
}

// --- rows the rate screens read

const detailCategories = async (db: Db, siteId: string) => {
  const rows = await db.selectFrom('vendor as v').innerJoin('game as g', 'g.vendor_id', 'v.id').select(['v.category', 'g.kind']).where('v.site_id', '=', siteId).execute();
  return new Set(rows.filter((r) => (rateTypesByKind[r.kind]?.length ?? 1) > 1).map((r) => r.category));
};

export async function rateInfoRows(db: Db, m: Pick<MemberRef, 'id' | 'memId'>) {
  const r = (await ratesOf(db, [m.id])).get(m.id)!;
  return gameCategories.map((c) => ({ memId: m.memId, category: c, cateCode: c, gameCategoryName: categoryNames[c], pointRate: r[c].pointRate, loseRate: r[c].loseRate }));
}

/** Rates with bounds per member, in the order of `members`. */
export async function rollingRows(db: Db, siteId: string, members: { id: number; parentId: number | null }[]) {
  const [rates, bounds, detailed] = await Promise.all([
    ratesOf(
      db,
      members.map((m) => m.id),
    ),
    boundsOf(db, members),
    detailCategories(db, siteId),
  ]);
  return new Map(
    members.map((m) => [
      m.id,
      gameCategories.map((c) => {
        const r = rates.get(m.id)![c];
        return {
          category: c,
          cateCode: c,
          cateCodeName: categoryNames[c],
          detailSetYn: detailed.has(c) ? ('Y' as const) : ('N' as const),
          pointRate: r.pointRate,
          loseRate: r.loseRate,
          ...bounds.get(m.id)![c],
          lockedUntil: r.lockedUntil,
        };
      }),
    ]),
  );
}

/** casinoPR, casinoLR, casinoPRMax, casinoPRMin, casinoLRMax, casinoLRMin ... for one member. */
export function flatRates(
  memId: string,
  rows: { category: string; pointRate: number; loseRate: number; minPointRate: number; maxPointRate: number; minLoseRate: number; maxLoseRate: number }[],
) {
  const out: Record<string, number | string> = { memId };
  for (const r of rows) {
    Object.assign(out, {
      [`${r.category}PR`]: r.pointRate,
      [`${r.category}LR`]: r.loseRate,
      [`${r.category}PRMax`]: r.maxPointRate,
      [`${r.category}PRMin`]: r.minPointRate,
      [`${r.category}LRMax`]: r.maxLoseRate,
      [`${r.category}LRMin`]: r.minLoseRate,
    });
  }
  return out;
}
