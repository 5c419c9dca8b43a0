import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { acceptDialog, captchaLogin, dismissPopups, lobbyKept, ONE_VIEWPORT, playerLogin, WITH_SERVICE_WORKER } from './support';
import { inBankMaintenance } from '../../src/server/domain/money/cashRules';
import { bankSafeOffset } from '../bankWindow';
import { startClockServer } from './clockServer';

test.use(WITH_SERVICE_WORKER);

// Rules said before submit, open requests on top, the one bottom sheet and the offline lobby.
// Phone behaviour: Pixel 7 only (320 px where the viewport is the point).

const shot = (name: string) => `tmp/screens/pixel7-forms-${name}.png`;
const amountOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function newPage(browser: Browser, info: TestInfo) {
  // the one login's page goes offline in its last test
  const ctx = await browser.newContext({ ...info.project.use, ...WITH_SERVICE_WORKER });
  return dismissPopups(await ctx.newPage());
}

/** The withdrawal form, from "all" to a cancelled request, for a player signed in on `base`. */
async function withdrawalForm(page: Page, base: string) {
  await page.goto(`${base}/demo/exchange`);
  await expect(page.getByTestId('exchange')).toBeVisible();
  const cash = amountOf(await page.getByTestId('balance').innerText());
  const amount = page.getByLabel('출금 금액');
  // "all" keeps to the site's withdrawal unit (1,000 on the demo site), said under the field
  await expect(page.getByTestId('amount-hint')).toContainText('1,000원 단위');
  await page.getByRole('button', { name: '전액', exact: true }).click();
  await expect(amount).toHaveValue((cash - (cash % 1000)).toLocaleString('en-US'));
  await page.getByRole('button', { name: '+1,000,000', exact: true }).click();
  const over = `보유머니 ${cash.toLocaleString('en-US')}원보다 많습니다`;
  await expect(page.getByTestId('amount-error')).toHaveText(over);
  await expect(page.getByTestId('submit')).toHaveText('출금 신청');
  await expect(page.getByTestId('submit')).toBeDisabled();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await page.screenshot({ path: shot('exchange-over'), fullPage: true });

  await page.getByRole('button', { name: '초기화', exact: true }).click();
  await page.getByRole('button', { name: '+10,000', exact: true }).click();
  await expect(page.getByTestId('submit')).toBeDisabled();
  await page.locator('input[name=cashOutPass]').fill('0000');
  await page.getByTestId('submit').click();
  await acceptDialog(page, '10,000원 출금 신청하시겠습니까?');
  const passField = page.locator('input[name=cashOutPass]');
  await expect(passField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('exchange').getByRole('alert')).toContainText(/출금 비밀번호가 틀렸습니다\. [1-4]번 더 틀리면 출금이 잠시 잠깁니다\./);
  await expect(page.getByTestId('balance')).toHaveText(`${cash.toLocaleString('en-US')}원`);
  await page.screenshot({ path: shot('exchange-wrong-pass'), fullPage: true });

  // the right one (which also clears the wrong count): the request shows on top and can be cancelled
  await passField.fill('1234');
  await page.getByTestId('submit').click();
  await acceptDialog(page, '10,000원 출금 신청하시겠습니까?');
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-title')).toHaveText('출금 신청을 접수했어요');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('10,000원');
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('내 등록 계좌');
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  await page.screenshot({ path: shot('exchange-receipt') });
  const reference = await receipt.getByTestId('receipt-reference').innerText();
  await receipt.getByTestId('receipt-ok').click();
  await expect(receipt).toBeHidden();
  // the money history: the held amount is 처리 중 (not paid) under the receipt's reference
  await page.goto(`${base}/demo/moveList`);
  const held = page.getByTestId('cash-move').filter({ visible: true, hasText: reference }).first();
  await expect(held.getByTestId('move-state')).toHaveText('처리 중');
  await expect(held).toContainText('-10,000원');
  await page.goto(`${base}/demo/exchange`);
  const card = page.getByTestId('open-request');
  await expect(card).toContainText('10,000원');
  await expect(card).toContainText('신청');
  await expect(page.getByTestId('form-closed')).toHaveText('처리 중인 출금 신청이 끝나면 새로 신청할 수 있어요.');
  await card.getByTestId('open-request-cancel').click();
  await acceptDialog(page, '신청을 취소하시겠습니까?');
  await expect(card).toBeHidden();
  await expect(page.getByLabel('출금 금액')).toBeEnabled();
  await expect(page.getByTestId('balance')).toHaveText(`${cash.toLocaleString('en-US')}원`);
}

test.describe.serial('a player with a waiting deposit (one login)', { tag: ONE_VIEWPORT }, () => {
  let page: Page;
  test.beforeAll(async ({ browser }, info) => {
    page = await newPage(browser, info);
    // user11 has a deposit the operator moved to waiting, and no open withdrawal
    await playerLogin(page, 'user11');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the waiting deposit is a status card on top and the form waits, saying why', async () => {
    await page.goto('/demo/charge');
    const card = page.getByTestId('open-request');
    await expect(card).toBeVisible();
    await expect(card).toContainText('100,000원');
    await expect(card).toContainText('대기');
    // waiting is the operator's: no cancel
    await expect(card.getByTestId('open-request-cancel')).toHaveCount(0);
    await expect(page.getByLabel('입금 금액')).toBeDisabled();
    await expect(page.getByTestId('submit')).toBeDisabled();
    await expect(page.getByTestId('form-closed')).toHaveText('처리 중인 입금 신청이 끝나면 새로 신청할 수 있어요.');
    // the card comes before the form
    const cardTop = (await card.boundingBox())!.y;
    expect(cardTop).toBeLessThan((await page.getByLabel('입금 금액').boundingBox())!.y);
    await page.screenshot({ path: shot('charge-waiting'), fullPage: true });
  });

  test('home shows the deposit in progress with its status, a tap from its screen', async () => {
    await page.goto('/demo/main');
    const row = page.getByTestId('in-progress-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('입금 신청 처리 중');
    await expect(row).toContainText('100,000원');
    await expect(row).toContainText('대기');
    // above the games
    expect((await row.boundingBox())!.y).toBeLessThan((await page.getByTestId('game-lobby').boundingBox())!.y);
    await page.screenshot({ path: shot('home-in-progress'), fullPage: true });
    await row.click();
    await expect(page).toHaveURL(/\/demo\/charge$/);
    await expect(page.getByTestId('open-request')).toContainText('100,000원');
  });

  test('a conversion under the minimum is refused beside the field before submit; "all" fills the points held', async () => {
    await page.goto('/demo/pointuse');
    const form = page.getByTestId('point-convert');
    await expect(form).toBeVisible();
    const points = amountOf(await page.getByTestId('points-left').innerText());
    await page.getByLabel('전환할 포인트').fill('5000');
    await expect(form.getByTestId('amount-error')).toHaveText('최소 10,000P부터 신청할 수 있습니다');
    await expect(form.getByTestId('submit')).toBeDisabled();
    await expect(form.getByTestId('submit')).toHaveText('최소 10,000P부터 신청할 수 있습니다');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await form.getByRole('button', { name: '전액', exact: true }).click();
    await expect(page.getByLabel('전환할 포인트')).toHaveValue(points.toLocaleString('en-US'));
    await page.screenshot({ path: shot('convert'), fullPage: true });
  });

  test('withdrawal: "all", over the balance said inline, a wrong password says the tries left, then an open request with cancel', async ({ browser }, info) => {
    if (!inBankMaintenance(new Date())) return withdrawalForm(page, '');
    // inside the bank's nightly window this server refuses every withdrawal (that refusal has its own check in
    // money.spec.ts): the form is checked on a second server whose clock, and the page's with it, stands outside it
    test.setTimeout(180_000);
    const offset = bankSafeOffset();
    const outside = await startClockServer(offset);
    const ctx = await browser.newContext(info.project.use);
    try {
      await ctx.clock.install({ time: Date.now() + offset });
      const other = await dismissPopups(await ctx.newPage());
      await playerLogin(other, 'user11', outside.base);
      await withdrawalForm(other, outside.base);
    } finally {
      await ctx.close();
      outside.stop();
    }
  });

  test('offline, the lobby keeps its last-seen games with their time, and a launch says why it cannot', async () => {
    await page.goto('/demo/main');
    const lobby = page.getByTestId('game-lobby');
    await expect(lobby.getByTestId('games-slot')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // the last-seen lists are written to IndexedDB shortly after they arrive: go offline once the lobby is kept
    await expect.poll(() => page.evaluate(lobbyKept), { timeout: 10_000 }).toBe(true);
    await page.context().setOffline(true);
    try {
      await page.reload();
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await expect(lobby.getByTestId('games-slot')).toBeVisible();
      await expect(lobby.getByTestId('last-seen')).toBeVisible();
      await expect(lobby.getByTestId('lobby-offline')).toBeVisible();
      await page.screenshot({ path: shot('lobby-offline'), fullPage: true });
      await lobby.getByRole('button', { name: /럭키 세븐/ }).click();
      await acceptDialog(page, '오프라인 상태에서는 게임을 시작할 수 없습니다.');
    } finally {
      await page.context().setOffline(false);
    }
  });
});

test('the give sheet at 320x568: handle, action in view with the amount focused, over-balance inline, backdrop asks, swipe closes', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await dismissPopups(page);
  await page.setViewportSize({ width: 320, height: 568 });
  await captchaLogin(page, '/demo/login', 'ptn7');
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/partnerMoneyMoveList');
  await page.getByRole('tab', { name: '지급/회수', exact: true }).click();
  await page.locator('select[name=targetId]').selectOption('user3');
  await page.getByRole('button', { name: '머니 지급' }).click();

  const sheet = page.getByTestId('give-retrieve-sheet');
  const submit = page.getByTestId('sheet-submit');
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('sheet-grip')).toBeVisible();
  await sheet.getByLabel('지급 금액').focus();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(submit).toHaveText('금액을 입력해 주세요');
  await page.screenshot({ path: shot('sheet-320') });

  // a retrieve over the member's money: said in the sheet, no modal on top of it
  await sheet.getByRole('tab', { name: '회수', exact: true }).click();
  await sheet.getByLabel('회수 금액').fill('999999999');
  await expect(sheet.getByTestId('amount-error')).toContainText('보다 많이 회수할 수 없습니다');
  await expect(submit).toBeDisabled();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('alertdialog')).toBeHidden();

  // a tap on the backdrop asks before throwing the typed amount away
  await page.mouse.click(160, 8);
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('입력한 내용이 지워집니다');
  await ask.getByRole('button', { name: '취소' }).click();
  await expect(sheet.getByLabel('회수 금액')).toHaveValue('999,999,999');
  await page.mouse.click(160, 8);
  await acceptDialog(page, '입력한 내용이 지워집니다');
  await expect(sheet).toBeHidden();

  // nothing typed: a swipe down on the handle closes at once
  await page.getByRole('button', { name: '머니 지급' }).click();
  await expect(sheet).toBeVisible();
  const grip = (await page.getByTestId('sheet-grip').boundingBox())!;
  await page.mouse.move(grip.x + 40, grip.y + 6);
  await page.mouse.down();
  for (const dy of [30, 70, 120, 170]) await page.mouse.move(grip.x + 40, grip.y + 6 + dy);
  await page.mouse.up();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('alertdialog')).toBeHidden();
});
