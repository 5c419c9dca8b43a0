import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { ONE_VIEWPORT } from './support';
import { at320, captchaAnswer, luckyLogo, nextCode, productionStart, shotPath } from './production';

/**
 * A new casino's first day, through the product alone (nothing written to the database; the
 * database is only read for the answers of the captchas a production start draws): the owner
 * opens `lucky`, English first; its operator joins by the invitation and turns on two-factor, then
 * makes partner lp01; a player joins by lp01's signup link, deposits, the operator approves, the
 * player bets; lp01 finds the player, the deposit and the bet in its lists and daily report. Every
 * page of lucky on the way wears lucky's name, logo, colour and language.
 */
const PARTNER = 'lp01';
const PLAYER = 'luckyp1';
const OPERATOR_PASS = 'lucky-operator-1';
const PASS = 'lucky1234!';
const shot = (info: TestInfo, name: string) => shotPath(info, 'first-day', name);

/** Lucky's brand on the page: its mark on <html>, its language, its colour as the primary one. */
async function wearsLucky(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-site-brand', 'lucky');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--site-brand').trim())).not.toBe('');
  await expect(page.getByText('Pitboss', { exact: false })).toHaveCount(0);
}

/** Confirms the alert that shows `text` in lucky's language and waits until it is gone. */
async function ok(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog.filter({ hasText: text })).toHaveCount(0);
}

async function ownerOpensLucky(page: Page, server: { base: string; link: string }) {
  await page.goto(server.link);
  const account = page.getByTestId('setup-account');
  await account.locator('input[name=loginId]').fill('owner');
  await account.locator('input[name=password]').fill('a long owner password');
  await account.locator('input[name=passwordCheck]').fill('a long owner password');
  await account.getByRole('button', { name: '다음' }).click();
  const setup = page.getByTestId('otp-setup');
  const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
  await setup.locator('input[name=otpCode]').fill(await generate({ secret }));
  await setup.getByRole('button', { name: '확인' }).click();
  await page.getByTestId('otp-recovery').getByRole('button', { name: '적어 두었습니다' }).click();
  await expect(page).toHaveURL(/\/platform\/login$/);
  await page.locator('input[name=loginId]').fill('owner');
  await page.locator('input[name=password]').fill('a long owner password');
  await page.locator('input[name=otpCode]').fill(await nextCode(secret));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('platform-home')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: '사이트 열기' }).click();
  const open = page.getByTestId('open-site');
  await open.locator('input[name=prefix]').fill('lucky');
  await open.locator('input[name=name]').fill('Lucky Casino');
  await open.locator('input[name=shortName]').fill('Lucky');
  await open.locator('input[name=themeColor]').fill('#1a7f37');
  await open.locator('input[name=logo]').setInputFiles({ name: 'lucky.png', mimeType: 'image/png', buffer: await luckyLogo() });
  await open.locator('input[name=lang-en]').check();
  await open.locator('select[name=defaultLanguage]').selectOption('en');
  await open.locator('input[name=bank]').fill('KB국민은행');
  await open.locator('input[name=accountNo]').fill('123-456-7890');
  await open.locator('input[name=holder]').fill('Lucky Ltd');
  await open.getByRole('button', { name: '사이트 열기' }).click();
  // the logo is drawn into icons on the server before the answer
  await expect(page.getByTestId('site-opened')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('img[src="/lucky/icons/icon-192.png"]')).toBeVisible();
  return page.getByTestId('invite-link').innerText();
}

/** A browser of its own, as a person on another phone. */
async function phone(browser: Browser, info: TestInfo) {
  const context = await browser.newContext({ ...info.project.use });
  return context.newPage();
}

/** A sign-in through a page with the picture captcha; a production start draws it, the test reads its answer. */
async function captchaSignIn(page: Page, dbUrl: string, path: string, memId: string, memPass: string) {
  const drawn = page.waitForResponse((r) => r.url().endsWith('/api/member/captcha'));
  await page.goto(path);
  const captchaId = ((await (await drawn).json()) as { data: { captchaId: string } }).data.captchaId;
  await page.locator('input[name=memId]').fill(memId);
  await page.locator('input[name=memPass]').fill(memPass);
  await page.locator('#captcha').fill(await captchaAnswer(dbUrl, captchaId));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test("a new casino's first day: opened from the console, its first partner, its first player's deposit and bet", { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  test.setTimeout(600_000);
  const server = await productionStart();
  try {
    const invite = await ownerOpensLucky(page, server);

    // the operator joins by the invitation, in lucky's language, and turns two-factor on at the first sign-in
    const op = await phone(browser, info);
    await op.goto(invite);
    await wearsLucky(op);
    const accept = op.getByTestId('invite-accept');
    await accept.locator('input[name=memId]').fill('boss1');
    await accept.locator('input[name=password]').fill(OPERATOR_PASS);
    await accept.locator('input[name=passwordCheck]').fill(OPERATOR_PASS);
    const drawn = op.waitForResponse((r) => r.url().endsWith('/api/member/captcha'));
    await accept.getByRole('button', { name: 'Create account' }).click();
    await op.getByRole('alertdialog').getByRole('button', { name: 'OK', exact: true }).click();
    await expect(op).toHaveURL(/\/lucky\/admin\/login\?id=boss1$/);
    await expect(op.locator('input[name=memId]')).toHaveValue('boss1');
    await wearsLucky(op);
    await expect(op.getByTestId('login-brand').locator('h1')).toHaveText('Lucky Casino');
    await op.screenshot({ path: shot(info, 'operator-login') });
    const captchaId = ((await (await drawn).json()) as { data: { captchaId: string } }).data.captchaId;
    await op.locator('input[name=memPass]').fill(OPERATOR_PASS);
    await op.locator('#captcha').fill(await captchaAnswer(server.dbUrl, captchaId));
    await op.getByRole('button', { name: 'Log in', exact: true }).click();
    const offer = op.getByTestId('otp-offer');
    await expect(offer).toBeVisible({ timeout: 120_000 });
    await offer.locator('input[name=otpOfferPass]').fill(OPERATOR_PASS);
    await offer.getByTestId('otp-offer-now').click();
    const otpSecret = (await offer.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
    await offer.locator('input[name=otpCode]').fill(await generate({ secret: otpSecret }));
    await offer.getByRole('button', { name: 'OK', exact: true }).click();
    await offer.getByTestId('otp-recovery').getByRole('button', { name: 'I have saved them' }).click();
    await expect(op).toHaveURL(/\/lucky\/admin\/?$/);

    // the home's checklist: two-factor done, the first partner and player still to come
    const firstDay = op.getByTestId('first-day');
    await expect(firstDay).toBeVisible();
    await expect(firstDay.getByTestId('first-day-twoFactor')).toHaveAttribute('data-done', 'true');
    await expect(firstDay.getByTestId('first-day-depositAccount')).toHaveAttribute('data-done', 'true');
    await expect(firstDay.getByTestId('first-day-brand')).toHaveAttribute('data-done', 'true');
    await expect(firstDay.getByTestId('first-day-firstPartner')).toHaveAttribute('data-done', 'false');
    await expect(firstDay.getByTestId('first-day-firstPlayer')).toHaveAttribute('data-done', 'false');
    await expect(op.getByTestId('site-mark')).toContainText('Lucky');
    await wearsLucky(op);
    await op.screenshot({ path: shot(info, 'operator-home'), fullPage: true });

    // the operator makes the first partner, at once, from the checklist
    await firstDay.getByTestId('first-day-firstPartner').getByRole('link').click();
    const partners = op.getByTestId('operator-partners');
    await expect(partners.getByTestId('partners-empty')).toBeVisible();
    await partners.getByTestId('partner-create-open').first().click();
    const form = op.getByTestId('partner-create');
    await form.locator('input[name="slot.pointRate"]').fill('2');
    await form.locator('input[name="slot.loseRate"]').fill('10');
    await form.locator('input[name=memId]').fill(PARTNER);
    await form.getByRole('button', { name: 'Check' }).first().click();
    await form.locator('input[name=memPass]').fill(PASS);
    await form.locator('input[name=memNick]').fill('Lucky Agent');
    await form.getByRole('button', { name: 'Check' }).nth(1).click();
    await form.locator('input[name=cashOutPass]').fill('1234');
    await form.locator('select[name=bank]').selectOption({ index: 1 });
    await form.locator('input[name=bankAcc]').fill('3021234567');
    await form.locator('input[name=memName]').fill('Kim Agent');
    await form.locator('input[name=memPhone]').fill('010-3021-4567');
    await form.getByTestId('create-partner-submit').click();
    await ok(op, PARTNER);
    await expect(partners.locator(`[data-testid="partner-row-${PARTNER}"]:visible`)).toBeVisible();
    await op.screenshot({ path: shot(info, 'operator-partners'), fullPage: true });

    // the partner signs in on lucky's partner page and hands out its signup link
    const agent = await phone(browser, info);
    await captchaSignIn(agent, server.dbUrl, `${server.base}/lucky/login`, PARTNER, PASS);
    await expect(agent).toHaveURL(/\/lucky\/partnerMain$/, { timeout: 120_000 });
    await wearsLucky(agent);
    await expect(agent.getByTestId('site-mark')).toContainText('Lucky');
    const link = `${server.base}/lucky/signup?ref=${PARTNER}`;
    await expect(agent.getByTestId('signup-link')).toHaveText(link);
    await agent.screenshot({ path: shot(info, 'partner-home'), fullPage: true });

    // a player opens it: lucky's signup, the partner fixed as recommender; joins and signs in
    const player = await phone(browser, info);
    await player.goto(link);
    await wearsLucky(player);
    await expect(player.getByTestId('signup-recommender')).toContainText(PARTNER);
    await expect(player.locator('input[name=recommenderId]')).toHaveCount(0);
    await player.locator('input[name=memId]').fill(PLAYER);
    await player.getByRole('button', { name: 'Check' }).first().click();
    await expect(player.getByText('This id can be registered.')).toBeVisible();
    await player.locator('input[name=memPass]').fill(PASS);
    await player.locator('input[name=memPassCheck]').fill(PASS);
    await player.locator('input[name=memNick]').fill('Lucky Player');
    await player.getByRole('button', { name: 'Check' }).nth(1).click();
    await expect(player.getByText('This nickname can be registered.')).toBeVisible();
    await player.locator('input[name=memPhone]').fill('010-5551-2345');
    await player.locator('input[name=memName]').fill('Lee Player');
    await player.locator('select[name=bank]').selectOption({ index: 1 });
    await player.locator('input[name=bankacc]').fill('5551234567');
    await player.locator('input[name=cashOutPass]').fill('1234');
    await at320(player, info, 'signup', 'first-day');
    await player.getByRole('button', { name: 'Sign up' }).click();
    await player.getByRole('alertdialog').getByRole('button', { name: 'OK', exact: true }).click({ timeout: 120_000 });
    await expect(player).toHaveURL(/\/lucky\/?$/);
    await wearsLucky(player);
    await expect(player.getByTestId('login-brand').locator('h1')).toHaveText('Lucky Casino');
    await player.locator('input[name=memId]').fill(PLAYER);
    await player.locator('input[name=memPass]').fill(PASS);
    await player.locator('input[name=memPass]').press('Enter');
    await expect(player).toHaveURL(/\/lucky\/main$/, { timeout: 120_000 });

    // deposits 40,000; the operator approves it; the header follows without a reload
    await player.goto(`${server.base}/lucky/charge`);
    await player.getByLabel('Deposit amount').fill('40000');
    await player.getByTestId('submit').click();
    await ok(player, /Request a deposit of/);
    await expect(player.getByTestId('receipt')).toBeVisible();
    await player.keyboard.press('Escape');
    await op.goto(`${server.base}/lucky/admin/cash`);
    await op.getByRole('button', { name: 'Approve', exact: true }).filter({ visible: true }).first().click();
    await expect(op.getByTestId('dialog-facts')).toContainText(PLAYER);
    await op.getByRole('alertdialog').getByRole('button', { name: 'OK', exact: true }).click();
    await expect(op.getByTestId('receipt')).toBeVisible();
    await expect(player.getByTestId('cash')).toContainText('40,000', { timeout: 20_000 });

    // a spin at one of lucky's game vendors
    await player.goto(`${server.base}/lucky/main`);
    await player.getByTestId('games-slot').getByRole('button').first().click();
    const game = player.frameLocator('[data-testid="game-frame"]');
    await game.getByTestId('spin').click();
    await expect(game.getByTestId('slot-result')).toHaveAttribute('data-spins', '1');
    await player.getByTestId('game-view-close').click();
    await player.screenshot({ path: shot(info, 'player-lobby') });

    // with its first player the checklist is done, and gone
    await op.goto(`${server.base}/lucky/admin`);
    await expect(op.getByTestId('admin-home')).toBeVisible();
    await expect(op.getByTestId('first-day')).toHaveCount(0);

    // the partner finds its player, the deposit and the bet in its lists and daily report
    await agent.goto(`${server.base}/lucky/partnerUserList`);
    await expect(agent.getByText(PLAYER).filter({ visible: true }).first()).toBeVisible();
    await agent.goto(`${server.base}/lucky/cashList`);
    await expect(agent.getByText(PLAYER).filter({ visible: true }).first()).toBeVisible();
    await expect(agent.getByText('40,000').filter({ visible: true }).first()).toBeVisible();
    await agent.goto(`${server.base}/lucky/bettingslot`);
    await expect(agent.getByText(PLAYER).filter({ visible: true }).first()).toBeVisible();
    await agent.goto(`${server.base}/lucky/statisticDateUsers`);
    await expect(agent.getByTestId('day-row').first()).toBeVisible();
    await wearsLucky(agent);
    await agent.screenshot({ path: shot(info, 'partner-daily'), fullPage: true });
  } finally {
    await server.stop();
  }
});
