import { randomBytes } from 'node:crypto';
import type { Deps } from '../domain/deps.js';
import { createMember } from '../domain/auth/members.js';
import { seedCodes } from '../domain/platform/siteCodes.js';
import { seedSteps } from './steps.js';
import { DEMO_CASH_OUT_PASS, DEMO_PASSWORD, DEMO_PREFIX, demoPartners, demoPlayers } from './cast.js';

/** Account holders' names as a Korean bank shows them (not an upper-cased id). */
const holders = ['김민준', '이서연', '박지훈', '최수아', '정예준', '강하은', '조도윤', '윤지아', '장시우', '임서윤', '한지호'];
const holderName = (n: number) => holders[n % holders.length];

/**
 * Seeds the demo site into an empty database; a database that already has it is left alone.
 * Each capability adds its own history through `seedSteps` (money, board, bets...).
 */
export async function seedDemo(app: Deps): Promise<boolean> {
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
  // the demo operator has seen the two-factor offer: its sign-in opens the console (the account screen still turns it on)
  await app.db.updateTable('member').set({ otp_offer_later_at: new Date() }).where('id', '=', ids.get('admin')!).execute();
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
