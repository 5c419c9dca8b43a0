import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { acceptDialog, captchaLogin, dismissPopups, ONE_VIEWPORT, PASS, playerLogin } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-signup-link-${name}.png`;

/** The page (or one part of it) at 320 px, light and dark. */
async function narrowShots(page: Page, info: TestInfo, name: string, part?: Locator) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const path = shot(info, `${name}-320-${scheme}`);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a partner copies its signup link, a player opens it with the recommender fixed, joins and signs in', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await dismissPopups(page);
  await captchaLogin(page, '/demo/login', 'ptn7');
  await expect(page).toHaveURL(/\/demo\/partnerMain$/);
  const card = page.getByTestId('signup-link-card');
  await card.scrollIntoViewIfNeeded();
  const link = page.getByTestId('signup-link');
  await expect(link).toHaveText(/\/demo\/signup\?ref=ptn7$/);
  const url = (await link.textContent())!;
  expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  await page.getByTestId('signup-link-copy').click();
  await expect(page.getByTestId('signup-link-copy')).toHaveText('복사했습니다');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await card.screenshot({ path: shot(info, 'card') });
  await narrowShots(page, info, 'card', card);

  // the QR code in the sheet
  await page.getByTestId('signup-link-qr').click();
  const sheet = page.getByTestId('signup-link-qr-sheet');
  await expect(sheet.getByTestId('signup-link-qr-image')).toBeVisible();
  expect(await sheet.getByTestId('signup-link-qr-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await narrowShots(page, info, 'qr', sheet);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // a fresh browser: the player opens the link
  const player = await browser.newContext({ ...info.project.use, permissions: [] });
  const p = await dismissPopups(await player.newPage());
  await p.goto(url);
  const rec = p.getByTestId('signup-recommender');
  await expect(rec).toContainText('(ptn7)');
  await expect(p.locator('input[name=recommenderId]')).toHaveCount(0);
  const stamp = Date.now().toString(36).slice(-7);
  const memId = `l${stamp}`;
  await p.locator('input[name=memId]').fill(memId);
  await p.getByRole('button', { name: '중복확인' }).first().click();
  await expect(p.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await p.locator('input[name=memPass]').fill(PASS);
  await p.locator('input[name=memPassCheck]').fill(PASS);
  await p.locator('input[name=memNick]').fill(`l${stamp}`);
  await p.getByRole('button', { name: '중복확인' }).nth(1).click();
  await expect(p.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
  await p.locator('input[name=memPhone]').fill(`010-${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`);
  await p.locator('input[name=memName]').fill('홍길동');
  await p.locator('select[name=bank]').selectOption({ index: 1 });
  await p.locator('input[name=bankacc]').fill(String(Date.now()).slice(-11));
  await p.locator('input[name=cashOutPass]').fill('1234');
  await narrowShots(p, info, 'signup');
  await p.getByRole('button', { name: '가입하기' }).click();
  await acceptDialog(p, /회원가입이 완료되었습니다|가입 신청이 완료되었습니다/);
  await expect(p).toHaveURL(/\/demo$/);
  await playerLogin(p, memId);
  await expect(p.getByTestId('lobby')).toBeVisible();
  await player.close();
});

test('a bad signup link shows why and the way to sign in, not the form', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  // unknown, a player's id, an operator's id, an empty ref
  for (const ref of ['nobody99', 'user1', 'admin', '']) {
    await page.goto(`/demo/signup?ref=${ref}`);
    const bad = page.getByTestId('signup-link-invalid');
    await expect(bad).toContainText('이 가입 링크는 쓸 수 없습니다');
    await expect(page.locator('input[name=memId]')).toHaveCount(0);
  }
  await page.goto('/demo/signup?ref=nobody99');
  await expect(page.getByTestId('signup-link-invalid')).toContainText('새 회원을 받지 않는');
  // whose site the link was for stays said: its name and logo over the page, as on its login page
  await expectSignupBrand(page);
  await narrowShots(page, info, 'invalid');
  await page.getByTestId('signup-link-login').click();
  await expect(page).toHaveURL(/\/demo$/);
  // the plain signup still takes a typed recommender
  await page.goto('/demo/signup');
  await expect(page.locator('input[name=recommenderId]')).toBeEditable();
  await expectSignupBrand(page);
});

async function expectSignupBrand(page: Page) {
  const brand = page.getByTestId('signup-brand');
  await expect(brand).toContainText('Pitboss Demo');
  const logo = brand.locator('img[src="/demo/icons/icon-192.png"]');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
}
