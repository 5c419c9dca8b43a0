/** The built-in demo studio's catalogue (a made-up studio, "Aurora", so no site's lobby carries the product's name): one vendor per category, each with its games. */
import { randomBytes } from 'node:crypto';
import type { GameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import { sealVendorSecret } from './vendorSecret.js';

/** A display name per locale (ko, en, vi); `name` stays the vendor's own and the fallback. */
export type LocalNames = Partial<Record<'ko' | 'en' | 'vi', string>>;

export interface CatalogVendor {
  code: string;
  name: string;
  names: LocalNames;
  category: GameCategory;
  walletMode: 'seamless' | 'transfer';
  minBet: number;
  maxBet: number;
  maxWin: number;
  games: { code: string; name: string; names: LocalNames; kind: 'baccarat' | 'slot' | 'sports' | 'oddeven' }[];
}

export const demoCatalog: CatalogVendor[] = [
  {
    code: 'demo-live',
    name: 'Aurora Live',
    names: { ko: '오로라 라이브', en: 'Aurora Live', vi: 'Aurora Live' },
    category: 'casino',
    walletMode: 'transfer',
    minBet: 1_000,
    maxBet: 5_000_000,
    maxWin: 50_000_000,
    games: [
      { code: 'baccarat-a', name: 'Baccarat A', names: { ko: '바카라 A', en: 'Baccarat A', vi: 'Baccarat A' }, kind: 'baccarat' },
      { code: 'speed-baccarat', name: 'Speed Baccarat', names: { ko: '스피드 바카라', en: 'Speed Baccarat', vi: 'Baccarat Tốc Độ' }, kind: 'baccarat' },
    ],
  },
  {
    code: 'demo-hotel',
    name: 'Aurora Hotel',
    names: { ko: '오로라 호텔', en: 'Aurora Hotel', vi: 'Aurora Hotel' },
    category: 'hcasino',
    walletMode: 'seamless',
    minBet: 5_000,
    maxBet: 10_000_000,
    maxWin: 100_000_000,
    games: [{ code: 'hotel-baccarat', name: 'Hotel Baccarat', names: { ko: '호텔 바카라', en: 'Hotel Baccarat', vi: 'Baccarat Khách Sạn' }, kind: 'baccarat' }],
  },
  {
    code: 'demo-slot',
    name: 'Aurora Slots',
    names: { ko: '오로라 슬롯', en: 'Aurora Slots', vi: 'Aurora Slots' },
    category: 'slot',
    walletMode: 'seamless',
    minBet: 100,
    maxBet: 1_000_000,
    maxWin: 100_000_000,
    games: [
      { code: 'lucky-sevens', name: 'Lucky Sevens', names: { ko: '럭키 세븐', en: 'Lucky Sevens', vi: 'Số 7 May Mắn' }, kind: 'slot' },
      { code: 'cherry-rush', name: 'Cherry Rush', names: { ko: '체리 러시', en: 'Cherry Rush', vi: 'Cơn Sốt Anh Đào' }, kind: 'slot' },
    ],
  },
  {
    code: 'demo-sports',
    name: 'Aurora Sports',
    names: { ko: '오로라 스포츠', en: 'Aurora Sports', vi: 'Aurora Sports' },
    category: 'sport',
    walletMode: 'seamless',
    minBet: 1_000,
    maxBet: 3_000_000,
    maxWin: 30_000_000,
    games: [{ code: 'sportsbook', name: 'Sportsbook', names: { ko: '스포츠북', en: 'Sportsbook', vi: 'Cá Cược Thể Thao' }, kind: 'sports' }],
  },
  {
    code: 'demo-mini',
    name: 'Aurora Mini',
    names: { ko: '오로라 미니', en: 'Aurora Mini', vi: 'Aurora Mini' },
    category: 'mini',
    walletMode: 'seamless',
    minBet: 1_000,
    maxBet: 1_000_000,
    maxWin: 10_000_000,
    games: [{ code: 'odd-even', name: 'Odd Even', names: { ko: '홀짝', en: 'Odd Even', vi: 'Chẵn Lẻ' }, kind: 'oddeven' }],
  },
];

/** Creates the demo vendors (each with a fresh secret, stored sealed) and their games on a site, or only those of `only`; existing ones are kept. */
export async function ensureDemoVendors(db: Db, siteId: string, only?: readonly string[]): Promise<void> {
  for (const [ord, v] of demoCatalog.entries()) {
    if (only && !only.includes(v.code)) continue;
    await db
      .insertInto('vendor')
      .values({
        site_id: siteId,
        code: v.code,
        name: v.name,
        names: JSON.stringify(v.names),
        category: v.category,
        wallet_mode: v.walletMode,
        secret: await sealVendorSecret(db, randomBytes(24).toString('base64url')),
        min_bet: v.minBet,
        max_bet: v.maxBet,
        max_win: v.maxWin,
        ord,
      })
      .onConflict((oc) => oc.columns(['site_id', 'code']).doNothing())
      .execute();
    const { id } = await db.selectFrom('vendor').select('id').where('site_id', '=', siteId).where('code', '=', v.code).executeTakeFirstOrThrow();
    await db
      .insertInto('game')
      .values(v.games.map((g, i) => ({ site_id: siteId, vendor_id: id, code: g.code, name: g.name, names: JSON.stringify(g.names), kind: g.kind, ord: i })))
      .onConflict((oc) => oc.columns(['vendor_id', 'code']).doNothing())
      .execute();
  }
}
