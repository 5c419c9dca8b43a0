import { expect, test, type Page } from '@playwright/test';
import { acceptDialog, captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

const amountOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
const kstWire = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** The operator's session token and the site's key, as its signed-in page keeps them. */
async function operatorCreds(page: Page) {
  const saved = await page.evaluate(() => localStorage.getItem('pitboss:demo:session'));
  const token = (JSON.parse(saved ?? '{}') as { token?: string }).token!;
  const site = await (await page.request.post('/api/common/site', { data: { prefix: 'demo' } })).json();
  return { token, siteId: site.data.siteId as string, apiKey: site.data.apiKey as string };
}

const couponFigure = async (page: Page) =>
  amountOf(
    await page
      .getByTestId('cash-report')
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: /^쿠폰$/ }) })
      .locator('dd')
      .innerText(),
  );

test(`operator issues a coupon, the player gets it live, redeems it, and the partner's cash report counts it ${ONE_VIEWPORT}`, async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'pixel7', 'one viewport');
  await dismissPopups(page);
  // the partner above the player, its cash report open first
  const partner = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
  await captchaLogin(partner, '/demo/login', 'ptn7');
  await expect(partner.getByTestId('cash-report')).toBeVisible();
  await expect.poll(() => couponFigure(partner)).toBeGreaterThanOrEqual(0);
  const before = await couponFigure(partner);

  await playerLogin(page, 'user3');
  const cashBefore = amountOf(await page.getByTestId('cash').innerText());

  const op = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
  await captchaLogin(op, '/demo/admin/login', 'admin');
  await expect(op).not.toHaveURL(/login/);
  await expect.poll(() => op.evaluate(() => !!JSON.parse(localStorage.getItem('pitboss:demo:session') ?? '{}').token)).toBe(true);
  const c = await operatorCreds(op);
  const issued = await op.request.post('/api/admin/coupon/issue', {
    headers: { authorization: c.apiKey, 'x-auth-token': c.token },
    data: { siteId: c.siteId, target: 'member', memId: 'user3', couponAmt: 7000, couponCnt: 1, expireDate: kstWire(Date.now() + 86_400_000), requestId: `e2e-${Date.now()}` },
  });
  expect((await issued.json()).resultCode).toBe('0');

  // arrives live: the notice links to the coupon box
  await page.getByTestId('notice-coupon').click();
  await expect(page.getByTestId('coupon-box')).toBeVisible();
  await page.screenshot({ path: 'tmp/screens/coupon-box-open.png' });
  await page.getByTestId('coupon').first().getByTestId('coupon-use').click();
  await acceptDialog(page, '7,000원');
  await expect(page.getByTestId('coupon-receipt')).toContainText('7,000원');
  await page.screenshot({ path: 'tmp/screens/coupon-box-receipt.png' });
  await expect.poll(async () => amountOf(await page.getByTestId('cash').innerText())).toBe(cashBefore + 7000);

  await partner.reload();
  await expect.poll(() => couponFigure(partner)).toBe(before + 7000);
});
