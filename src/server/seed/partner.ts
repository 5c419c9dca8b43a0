import type { Deps } from '../domain/deps.js';
import { requestPartner } from '../domain/partner/partnerCreate.js';
import { DEMO_CASH_OUT_PASS, DEMO_PASSWORD } from './cast.js';
import type { SeedScope } from './scope.js';

const DAY = 86_400_000;

/** Two waiting lower-partner requests for the operator, and 30 days of login history. */
export async function seedPartner(app: Deps, { siteId, ids }: SeedScope): Promise<void> {
  const now = app.clock.now();
  const who = (memId: string, level: string) => ({ id: ids.get(memId)!, memId, loginType: 'PARTNER', partnerLevel: level });
  const base = { memPass: DEMO_PASSWORD, cashOutPass: DEMO_CASH_OUT_PASS, bank: 'KB' };
  await requestPartner(
    app.db,
    siteId,
    who('ptn3', 'PTN_3'),
    { ...base, memId: 'ptn4c', memNick: 'ptn4c_nick', memName: 'PTNC', memPhone: '010-3000-0001', bankAcc: '30000001' },
    now,
  );
  await requestPartner(
    app.db,
    siteId,
    who('ptn1', 'PTN_1'),
    { ...base, memId: 'ptn2c', memNick: 'ptn2c_nick', memName: 'PTNTWOC', memPhone: '010-3000-0002', bankAcc: '30000002' },
    now,
  );

  const logins: { site_id: string; member_id: number; access_ip: string; access_date: Date }[] = [];
  let x = 7;
  for (const [memId, id] of ids) {
    if (memId === 'admin') continue;
    for (let d = 29; d >= 0; d -= 1 + (x % 3)) {
      x = (x * 1103515245 + 12345) % 2147483648;
      logins.push({ site_id: siteId, member_id: id, access_ip: `10.0.${x % 200}.${(x >> 8) % 250}`, access_date: new Date(now.getTime() - d * DAY - (x % 36_000) * 1000) });
    }
  }
  await app.db.insertInto('login_log').values(logins).execute();
  const last = new Map<number, { at: Date; ip: string; n: number }>();
  for (const l of logins) {
    const p = last.get(l.member_id);
    last.set(l.member_id, { at: !p || l.access_date > p.at ? l.access_date : p.at, ip: !p || l.access_date > p.at ? l.access_ip : p.ip, n: (p?.n ?? 0) + 1 });
  }
  for (const [id, l] of last) {
    await app.db.updateTable('member').set({ last_login_at: l.at, last_login_ip: l.ip, login_count: l.n }).where('id', '=', id).execute();
  }
}
