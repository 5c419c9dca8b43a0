import { expect, test, type TestInfo } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { PASS, acceptDialog, dismissPopups } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-security-${name}.png`;
/** A member and an address range per project, so projects share the database without meeting. */
const lockUser = { pixel7: 'user18', iphone14: 'user19', desktop: 'user20' } as const;
const range = { pixel7: '198.51.100.0/24', iphone14: '198.51.101.0/24', desktop: '2001:db8:7::/48' } as const;
const pick = <T extends Record<string, string>>(m: T, info: TestInfo) => (m[info.project.name as keyof T] ?? Object.values(m)[0]) as string;

/** Nine wrong passwords through the API, as an attacker would send them. */
async function lockOut(memId: string) {
  const site = await (
    await fetch(`${baseURL}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix: 'demo' }) })
  ).json();
  for (let i = 0; i < 9; i++) {
    await fetch(`${baseURL}/api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: site.data.apiKey },
      body: JSON.stringify({ siteId: site.data.siteId, memId, memPass: `wrong${i}` }),
    });
  }
}

test('the operator unlocks a member, blocks an address range and reads the audit log', async ({ page }, info) => {
  const memId = pick(lockUser, info);
  const rule = pick(range, info);
  await lockOut(memId);
  await dismissPopups(page);

  await page.goto('/demo/admin/login');
  // the operator screen shows the server's raster captcha
  await expect(page.locator('img[src^="data:image/png;base64,"]')).toBeVisible();
  await page.screenshot({ path: shot(info, 'admin-login') });
  await page.locator('input[name=memId]').fill('admin');
  await page.locator('input[name=memPass]').fill(PASS);
  await page.locator('#captcha').fill('1234');
  await page.locator('#captcha').press('Enter');
  await expect(page.getByTestId('admin-home')).toBeVisible();

  // unlock on the operator's member screen
  await page.goto('/demo/admin/members');
  await page.locator('input[name=lookupMemId]').fill(memId);
  await page.locator('input[name=lookupMemId]').press('Enter');
  const lock = page.getByTestId('member-lock');
  await expect(lock).toContainText('잠김');
  // the lookup reads the member's balances, points included
  await expect(page.getByTestId('member-cash')).toContainText('원');
  await expect(page.getByTestId('member-point')).toContainText('P');
  await expect(lock).toContainText('9');
  await page.screenshot({ path: shot(info, 'member-locked'), fullPage: true });
  await lock.getByRole('button', { name: '잠금 해제' }).click();
  await acceptDialog(page, `${memId} 회원의 잠금을 해제하시겠습니까?`);
  await acceptDialog(page, '잠금이 해제되었습니다.');
  await expect(lock).toContainText('정상');
  await expect(lock.getByRole('button', { name: '잠금 해제' })).toHaveCount(0);
  // an id that does not exist is named as such, with no money buttons under it
  await page.locator('input[name=lookupMemId]').fill('nobody-here');
  await page.locator('input[name=lookupMemId]').press('Enter');
  await expect(page.getByTestId('member-lookup-error')).toContainText('회원 정보가 없습니다');
  await expect(page.getByRole('button', { name: '머니 지급' })).toHaveCount(0);
  await page.screenshot({ path: shot(info, 'member-unknown'), fullPage: true });

  // block and lift an address range
  await page.goto('/demo/admin/ipBlock');
  await page.locator('input[name=blockIp]').fill(rule);
  await page.getByRole('button', { name: '차단', exact: true }).click();
  await acceptDialog(page, '차단되었습니다.');
  const blocks = page.getByTestId('ip-blocks');
  await expect(blocks).toContainText(rule);
  await page.screenshot({ path: shot(info, 'ip-blocks'), fullPage: true });
  const row = blocks.locator('li:visible, tr:visible').filter({ hasText: rule });
  await row.first().getByRole('button', { name: '해제' }).click();
  await acceptDialog(page, `${rule} 차단을 해제하시겠습니까?`);
  await acceptDialog(page, '차단이 해제되었습니다.');
  await expect(blocks).not.toContainText(rule);

  // both actions are in the audit log
  await page.goto('/demo/admin/audit');
  const audit = page.getByTestId('audit-log');
  await expect(audit).toContainText('admin/member/unlock');
  await expect(audit).toContainText(`memId=${memId}`);
  await expect(audit).toContainText('admin/site/ipBlock');
  // the chain check on demand
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verdict')).toContainText(/체인 정상 \(\d+행\)/);
  await page.screenshot({ path: shot(info, 'audit-log'), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1);
});
