import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptDialog, captchaLogin, closeFilters, dismissPopups, ONE_VIEWPORT, openFilters, playerLogin } from './support';

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
  // three people's sessions, one after another
  test.setTimeout(150_000);
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

/** The page at 320 px, light and dark, for a look. */
async function shots(page: Page, name: string, fullPage = false) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `tmp/screens/coupons-${name}-320-${scheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

/** Narrows an issued list to one status and member, through the filter sheet on phones. */
async function filterIssued(page: Page, status: string, memId: string) {
  await openFilters(page);
  await page.getByTestId('issued-status-filter').selectOption({ label: status });
  await page.getByTestId('issued-member').fill(memId);
  await page.getByTestId('issued-member').press('Enter');
  await closeFilters(page);
}

test(`the operator issues through its form; a partner issues from a member's detail within its balance; the member redeems; both lists filter ${ONE_VIEWPORT}`, async ({
  page,
  browser,
}, info) => {
  // three people's sessions, one after another
  test.setTimeout(180_000);
  await dismissPopups(page);
  const ctx = info.project.use;

  // the operator: one member, 3,000원 twice, said in the confirm and the receipt
  const op = await dismissPopups(await (await browser.newContext(ctx)).newPage());
  await captchaLogin(op, '/demo/admin/login', 'admin');
  await expect(op).not.toHaveURL(/login/);
  await op.getByTestId('admin-more').click();
  await op.getByTestId('admin-more-menu').getByRole('link', { name: '쿠폰' }).click();
  await expect(op.getByTestId('admin-coupons')).toBeVisible();
  const form = op.getByTestId('coupon-issue-form');
  await expect(op.getByTestId('coupon-issue-submit')).toHaveText('받을 회원을 입력해 주세요');
  // an unknown member is refused beside its field, sent or not; the confirm never opens
  await form.getByLabel('쿠폰 한 장 금액').fill('3000');
  await form.getByTestId('coupon-mem-id').fill('nobody404');
  await form.getByTestId('coupon-mem-id').press('Enter');
  await expect(form.getByRole('alert')).toContainText('회원을 찾을 수 없습니다');
  await expect(op.getByTestId('coupon-issue-submit')).toHaveText('회원을 찾을 수 없습니다');
  await expect(op.getByTestId('coupon-issue-submit')).toBeDisabled();
  await expect(op.getByRole('alertdialog')).toHaveCount(0);
  await form.getByTestId('coupon-mem-id').fill('user5');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByTestId('coupon-count').fill('2');
  await expect(form.getByTestId('coupon-per-member')).toContainText('6,000원');
  await shots(op, 'admin-form');
  // the phone's clock is off: the receipt's time is the server's record of the issue, never the device's
  await op.clock.setFixedTime(new Date('2021-03-04T05:06:07+09:00'));
  await op.getByTestId('coupon-issue-submit').click();
  await acceptDialog(op, 'user5님 1명에게 3,000원 쿠폰 2장, 모두 6,000원을 발급할까요?');
  await expect(op.getByTestId('receipt-title')).toHaveText('1명에게 쿠폰 2장을 발급했어요');
  await expect(op.getByTestId('receipt-amount')).toContainText('6,000원');
  // the receipt says what was done in words and gives the number, no request code
  await expect(op.getByTestId('receipt-kind')).toHaveText('쿠폰 발행');
  await expect(op.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  const issuedAt = (await op.getByTestId('receipt-time').innerText()).trim();
  expect(issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(issuedAt).not.toContain('2021-03-04');
  await shots(op, 'admin-receipt');
  await op.clock.setFixedTime(Date.now());
  await op.getByTestId('receipt-ok').click();
  await filterIssued(op, '미사용', 'user5');
  const opRows = op.getByTestId('issued-list').getByTestId('issued-coupon');
  await expect(opRows.first()).toContainText('user5');
  // the newest coupons are the issue's, listed at the receipt's time
  await expect(opRows.nth(0)).toContainText(`${issuedAt.slice(0, 16)} 발급`);
  await expect(opRows.nth(1)).toContainText(`${issuedAt.slice(0, 16)} 발급`);
  await expect(opRows.filter({ hasNotText: 'user5' })).toHaveCount(0);
  await expect(opRows.filter({ hasNotText: '미사용' })).toHaveCount(0);
  await shots(op, 'admin-list', true);

  // the partner, from a downline member's detail: beyond its balance is said beside the field
  const partner = await dismissPopups(await (await browser.newContext(ctx)).newPage());
  await captchaLogin(partner, '/demo/login', 'ptn7');
  await expect(partner.getByTestId('partner-main')).toBeVisible();
  await partner.goto('/demo/userDetail?id=user1');
  await partner.getByTestId('detail-coupon').click();
  const sheet = partner.getByTestId('coupon-issue-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('쿠폰 한 장 금액').fill('900000000000');
  await expect(sheet.getByTestId('amount-error')).toContainText('보다 많이 발급할 수 없습니다');
  await expect(partner.getByTestId('coupon-issue-submit')).toBeDisabled();
  await shots(partner, 'partner-sheet-over');
  await sheet.getByLabel('쿠폰 한 장 금액').fill('2000');
  await expect(sheet.getByTestId('amount-error')).toHaveCount(0);
  await shots(partner, 'partner-sheet');
  await partner.getByTestId('coupon-issue-submit').click();
  await acceptDialog(partner, 'user1님 1명에게 2,000원 쿠폰 1장, 모두 2,000원을 발급할까요?');
  await expect(partner.getByTestId('receipt-amount')).toContainText('2,000원');
  await partner.getByTestId('receipt-ok').click();

  // the member redeems it
  await playerLogin(page, 'user1');
  await page.goto('/demo/coupon');
  const mine = page.getByTestId('coupon').filter({ hasText: '2,000원' }).first();
  await mine.getByTestId('coupon-use').click();
  await acceptDialog(page, '2,000원');
  await expect(page.getByTestId('coupon-receipt')).toContainText('2,000원');

  // the partner's list, reached from its menu, shows it used
  await partner.goto('/demo/partnerMain');
  await partner.getByRole('button', { name: '메뉴' }).first().click();
  await partner.getByRole('link', { name: '쿠폰 발급 내역' }).click();
  await expect(partner.getByTestId('partner-coupons')).toBeVisible();
  await filterIssued(partner, '사용 완료', 'user1');
  const rows = partner.getByTestId('issued-list').getByTestId('issued-coupon');
  await expect(rows.first()).toContainText('user1');
  await expect(rows.first()).toContainText('사용 완료');
  await expect(rows.filter({ hasNotText: '사용 완료' })).toHaveCount(0);
  await shots(partner, 'partner-list', true);
  await partner.getByTestId('open-coupon-issue').click();
  await expect(partner.getByTestId('coupon-issue-sheet')).toBeVisible();
  await shots(partner, 'partner-sheet-menu');
});

test(`the coupon box's three tabs all show at 320 px ${ONE_VIEWPORT}`, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await dismissPopups(page);
  await playerLogin(page, 'user5');
  await page.goto('/demo/coupon');
  const strip = page.getByRole('tablist');
  await expect(strip).toBeVisible();
  // every tab whole inside the strip, the strip inside the screen (the open count makes the first label longest)
  const right = async (l: Locator) => ((b) => b.x + b.width)((await l.boundingBox())!);
  expect(await right(strip)).toBeLessThanOrEqual(320.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const name of ['사용 가능', '사용 완료', '기간 만료']) {
    expect(await right(page.getByRole('tab', { name }))).toBeLessThanOrEqual((await right(strip)) + 0.5);
  }
  expect(await strip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await shots(page, 'box-tabs', true);
});
