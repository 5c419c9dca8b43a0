import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { createMember } from '../../domain/auth/members.js';
import { seedCodes } from './codes.js';
import { seedSteps } from './steps.js';

export const DEMO_PREFIX = 'demo';
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_CASH_OUT_PASS = '1234';

/** Demo tree: the ptn1..ptn7 chain, siblings so the tree branches, and players spread under them. */
export const demoPartners: { memId: string; level: string; parent: string | null }[] = [
  { memId: 'ptn1', level: 'PTN_1', parent: null },
  { memId: 'ptn2', level: 'PTN_2', parent: 'ptn1' },
  { memId: 'ptn2b', level: 'PTN_2', parent: 'ptn1' },
  { memId: 'ptn3', level: 'PTN_3', parent: 'ptn2' },
  { memId: 'ptn3b', level: 'PTN_3', parent: 'ptn2' },
  { memId: 'ptn4', level: 'PTN_4', parent: 'ptn3' },
  { memId: 'ptn5', level: 'PTN_5', parent: 'ptn4' },
  { memId: 'ptn5b', level: 'PTN_5', parent: 'ptn4' },
  { memId: 'ptn6', level: 'PTN_6', parent: 'ptn5' },
  { memId: 'ptn7', level: 'PTN_7', parent: 'ptn6' },
  { memId: 'ptn7b', level: 'PTN_7', parent: 'ptn6' },
];

export const demoPlayers: { memId: string; parent: string }[] = Array.from({ length: 20 }, (_, i) => {
  const n = i + 1;
  const parent = n <= 5 ? 'ptn7' : n <= 10 ? 'ptn6' : n <= 13 ? 'ptn7b' : n <= 16 ? 'ptn5b' : n <= 18 ? 'ptn3b' : 'ptn2b';
  return { memId: `user${n}`, parent };
});

/** Account holders' names as a Korean bank shows them (not an upper-cased id). */
const holders = ['김민준', '이서연', '박지훈', '최수아', '정예준', '강하은', '조도윤', '윤지아', '장시우', '임서윤', '한지호'];
const holderName = (n: number) => holders[n % holders.length];

/**
 * Seeds the demo site into an empty database; a database that already has it is left alone.
 * Each capability adds its own history through `seedSteps` (money, board, bets...).
 */
export async function seedDemo(app: AppContext): Promise<boolean> {
  const exists = await app.db.selectFrom('site').select('id').where('prefix', '=', DEMO_PREFIX).executeTakeFirst();
  if (exists) return false;
  const siteId = 'demo';
  await app.db
    .insertInto('site')
    .values({
      id: siteId,
      prefix: DEMO_PREFIX,
      name: 'Pitboss Demo',
      api_key: randomBytes(24).toString('base64url'),
      options: JSON.stringify({
        sns1: 'Telegram',
        sns1Id: '@pitboss_demo',
        sns1Link: 'https://t.me/pitboss_demo',
        sns2: 'KakaoTalk',
        sns2Id: 'pitboss',
        sns2Link: 'https://open.kakao.com/pitboss',
      }),
    })
    .execute();
  await seedCodes(app.db);

  const ids = new Map<string, number>();
  const base = { siteId, password: DEMO_PASSWORD, cashOutPass: DEMO_CASH_OUT_PASS };
  ids.set('admin', await createMember(app.db, { ...base, memId: 'admin', memNick: 'operator', memName: '운영자', partnerLevel: 'NORMAL', loginType: 'ADMIN' }));
  let phone = 1000;
  for (const p of demoPartners) {
    const id = await createMember(app.db, {
      ...base,
      memId: p.memId,
      memNick: `${p.memId}_nick`,
      memName: holderName(phone),
      memPhone: `010-1000-${phone++}`,
      bank: 'KB',
      bankAcc: `1000${phone}`,
      partnerLevel: p.level,
      loginType: 'PARTNER',
      parentId: p.parent ? ids.get(p.parent)! : null,
    });
    ids.set(p.memId, id);
  }
  for (const u of demoPlayers) {
    ids.set(
      u.memId,
      await createMember(app.db, {
        ...base,
        memId: u.memId,
        memNick: `${u.memId}_nick`,
        memName: holderName(phone),
        memPhone: `010-2000-${phone++}`,
        bank: 'SHINHAN',
        bankAcc: `2000${phone}`,
        partnerLevel: 'NORMAL',
        loginType: 'NORMAL',
        parentId: ids.get(u.parent)!,
      }),
    );
  }
  for (const step of seedSteps) await step(app, { siteId, ids });
  return true;
}

export const demoLogins = [
  'operator  admin / demo1234!   (/demo/admin/login)',
  'partners  ptn1 .. ptn7 / demo1234!   (/demo/login)',
  'players   user1 .. user20 / demo1234!   withdrawal password 1234   (/demo)',
];
