import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { startClockServer } from './clockServer';
import { captchaLogin, closeFilters, dismissPopups, ONE_VIEWPORT, openFilters, playerLogin, WITH_SERVICE_WORKER } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-money-${name}.png`;

/** Users per project, so the three projects can run against the same database. */
const giveUser = { pixel7: 'user2', iphone14: 'user4', desktop: 'user5' } as const;
const pick = (m: Record<string, string>, info: TestInfo) => m[info.project.name] ?? Object.values(m)[0];

async function acceptDialog(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  // the next alert may open in the same dialog at once
  await expect(dialog.filter({ hasText: text })).toHaveCount(0);
}

const amountOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
const cashOf = async (page: Page) => amountOf(await page.getByTestId('cash').innerText());
/** Money as the app shows it: separators and 원; points with P. */
const shown = (n: number) => `${n.toLocaleString('en-US')}원`;
const shownP = (n: number) => `${n.toLocaleString('en-US')}P`;

async function newPage(browser: Browser, info: TestInfo) {
  const ctx = await browser.newContext(info.project.use);
  return dismissPopups(await ctx.newPage());
}

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('a deposit request approved by the operator shows in the header without reload', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  const memId = 'user1';
  await playerLogin(page, memId);
  await page.goto('/demo/charge');
  await expect(page.getByTestId('charge')).toBeVisible();
  const before = await cashOf(page);

  // empty: the button waits, its label short, the rule said under the field
  await expect(page.getByTestId('submit')).toBeDisabled();
  await expect(page.getByTestId('submit')).toHaveText('입금 신청');
  await page.getByRole('button', { name: '+10,000', exact: true }).click();
  await page.getByRole('button', { name: '+30,000', exact: true }).click();
  await expect(page.getByLabel('입금 금액')).toHaveValue('40,000');
  // the phone's clock is off: the receipt's time is the server's record, never the device's
  await page.clock.setFixedTime(new Date('2021-03-04T05:06:07+09:00'));
  await page.getByTestId('submit').click();
  // the question names its dialog
  await expect(page.getByRole('alertdialog', { name: '40,000원 입금 신청하시겠습니까?' })).toBeVisible();
  await acceptDialog(page, '40,000원 입금 신청하시겠습니까?');
  // a receipt: received (접수), not done; how much, with whom, when, the request's number, and a way to its row
  const receipt = page.getByTestId('receipt');
  await expect(page.getByRole('dialog', { name: '접수' })).toBeVisible();
  await expect(receipt.getByTestId('receipt-title')).toHaveText('입금 신청을 접수했어요');
  const receivedAt = receipt.getByTestId('receipt-time');
  await expect(receivedAt).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(receivedAt).not.toContainText('2021-03-04');
  const applied = await receivedAt.innerText();
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('40,000원');
  await expect(receipt.getByTestId('receipt-counterparty')).not.toBeEmpty();
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  await page.screenshot({ path: shot(info, 'charge-receipt') });
  await receipt.getByTestId('receipt-history').click();
  await expect(receipt).toBeHidden();
  // its row in the request list, scrolled to and marked
  const row = page.getByTestId('request-history').locator('[data-fresh]').filter({ visible: true });
  await expect(row).toBeInViewport();
  await expect(row).toContainText('40,000원');
  // the new request is the status card on top, applied at the receipt's time; the form waits for it
  await expect(page.getByTestId('open-request')).toContainText('40,000원');
  await expect(page.getByTestId('open-request')).toContainText(`${applied} 신청`);
  await expect(page.getByTestId('request-status').filter({ visible: true }).first()).toHaveText('신청');
  await page.screenshot({ path: shot(info, 'charge'), fullPage: true });
  await page.clock.setFixedTime(Date.now());
  // home: the transfer in progress, which the operator's decision below takes away live
  await page.goto('/demo/main');
  await expect(page.getByTestId('in-progress')).toContainText('40,000원');

  const admin = await newPage(browser, info);
  await captchaLogin(admin, '/demo/admin/login', 'admin');
  await expect(admin.getByTestId('admin-home')).toBeVisible();
  await admin.goto('/demo/admin/cash');
  await openFilters(admin);
  await admin.getByPlaceholder('회원 아이디').fill(memId);
  await admin.getByPlaceholder('회원 아이디').press('Enter');
  // one tap on 승인: the confirmation shows the member, the account and the amount
  await admin.getByRole('button', { name: '승인', exact: true }).filter({ visible: true }).first().click();
  await expect(admin.getByTestId('dialog-facts')).toContainText(memId);
  await expect(admin.getByTestId('dialog-facts')).toContainText('40,000원');
  await admin.screenshot({ path: shot(info, 'admin-queue') });
  await acceptDialog(admin, '입금 40,000원을 승인하시겠습니까?');
  // the CASH push updates the player's header and home card at once, and says so; no reload
  await expect(page.getByTestId('toast')).toHaveText('입금 40,000원이 완료됐어요');
  await expect(page.getByTestId('in-progress')).toBeHidden();
  await expect(page.getByTestId('cash')).toHaveText(shown(before + 40_000));
  const approved = admin.getByTestId('receipt');
  await expect(approved.getByTestId('receipt-title')).toHaveText('입금 신청을 승인했어요');
  await expect(approved.getByTestId('receipt-amount')).toHaveText('40,000원');
  await expect(approved.getByTestId('receipt-counterparty')).toHaveText(memId);
  await expect(approved.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  await admin.screenshot({ path: shot(info, 'approve-receipt') });
  // its way to the row: the member's requests of every status, this one marked as approved
  await approved.getByTestId('receipt-history').click();
  const done = admin.getByTestId('cash-queue').locator('[data-fresh]').filter({ visible: true });
  await expect(done).toBeInViewport();
  await expect(done.getByTestId('queue-status')).toHaveText('완료');
  await expect(admin.getByRole('button', { name: '승인', exact: true }).filter({ visible: true })).toHaveCount(0);
  await admin.context().close();

  await page.goto('/demo/charge');
  await expect(page.getByTestId('request-status').filter({ visible: true }).first()).toHaveText('완료');
  await expect(page.getByTestId('open-request')).toBeHidden();
});

test('a partner gives money through the bottom sheet and the member sees it live', async ({ page, browser }, info) => {
  const memId = pick(giveUser, info);
  const member = await newPage(browser, info);
  await playerLogin(member, memId);
  const before = await cashOf(member);

  await captchaLogin(page, '/demo/login', 'ptn7');
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/partnerMoneyMoveList');
  await expect(page.getByTestId('money-move')).toBeVisible();
  await page.getByRole('tab', { name: '지급/회수', exact: true }).click();
  await page.getByRole('button', { name: '머니 지급' }).click();
  await acceptDialog(page, '회원 아이디를 선택해 주세요.');
  await page.locator('select[name=targetId]').selectOption(memId);
  await expect(page.getByTestId('target-cash')).toHaveText(shown(before));
  await page.getByRole('button', { name: '머니 지급' }).click();

  const sheet = page.getByTestId('give-retrieve-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('sheet-target')).toContainText(memId);
  await sheet.getByRole('button', { name: '+5,000', exact: true }).click();
  await sheet.getByRole('button', { name: '+50,000', exact: true }).click();
  await expect(sheet.getByLabel('지급 금액')).toHaveValue('55,000');
  await page.screenshot({ path: shot(info, 'sheet') });
  // the phone's clock is off: the receipt's time is the history row's, from the answer
  await page.clock.setFixedTime(new Date('2021-03-04T05:06:07+09:00'));
  await page.getByTestId('sheet-submit').click();
  await acceptDialog(page, `${memId}`);
  await expect(sheet).toBeHidden();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-title')).toHaveText('지급했어요');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('55,000원');
  await expect(receipt.getByTestId('receipt-counterparty')).toContainText(memId);
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  const givenAt = (await receipt.getByTestId('receipt-time').innerText()).trim();
  expect(givenAt).not.toContain('2021-03-04');
  await page.screenshot({ path: shot(info, 'give-receipt') });
  await page.clock.setFixedTime(Date.now());
  // its history row: the give/retrieve history opens with the give marked (blue, 완료)
  await receipt.getByTestId('receipt-history').click();
  await expect(receipt).toBeHidden();
  await expect(page.getByRole('tab', { name: '지급/회수 내역' })).toHaveAttribute('aria-selected', 'true');
  const given = page.getByTestId('money-move').locator('[data-fresh]').filter({ visible: true });
  await expect(given).toContainText(memId);
  await expect(given).toContainText('55,000');
  await expect(given).toContainText(givenAt);
  await expect(given).toBeInViewport();
  // like a bank statement: the status in words, the named member's balance before and after
  await expect(given.getByTestId('send-status')).toHaveText('완료');
  await expect(given).toContainText(shown(before + 55_000));

  await expect(member.getByTestId('cash')).toHaveText(shown(before + 55_000), { timeout: 15_000 });

  // a point retrieve's receipt leads to the sub-partner point history, its row marked
  await page.getByRole('tab', { name: '지급/회수', exact: true }).click();
  await page.locator('select[name=targetId]').selectOption(memId);
  await page.getByRole('button', { name: '포인트 회수' }).click();
  await sheet.getByLabel('회수 금액').fill('1000');
  await page.getByTestId('sheet-submit').click();
  await acceptDialog(page, /1,000P.*회수하시겠습니까/);
  await expect(receipt.getByTestId('receipt-title')).toHaveText('회수했어요');
  // its number is the history row's, from the answer like the cash move's
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  await receipt.getByTestId('receipt-history').click();
  await expect(page).toHaveURL(/\/demo\/subpartnerPointList$/);
  const retrieved = page.getByTestId('sub-point-list').locator('[data-fresh]').filter({ visible: true });
  await expect(retrieved).toContainText(memId);
  await expect(retrieved).toContainText('1,000');
  await expect(retrieved).toBeInViewport();
  await page.screenshot({ path: shot(info, 'point-history-fresh') });
  await page.screenshot({ path: shot(info, 'money-move'), fullPage: true });
  await member.context().close();
});

/** How far the server's clock moves so that it reads 23:45 KST today (the bank maintenance window). */
function toLateEvening(): number {
  const now = Date.now();
  const kstMidnight = Math.floor((now + 9 * 3_600_000) / 86_400_000) * 86_400_000 - 9 * 3_600_000;
  return kstMidnight + (23 * 60 + 45) * 60_000 - now;
}

test.describe('bank maintenance', { tag: ONE_VIEWPORT }, () => {
  let late: Awaited<ReturnType<typeof startClockServer>> | null = null;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    late = await startClockServer(toLateEvening());
  });
  test.afterAll(() => late?.stop());

  test('at 23:45 KST on the server the withdrawal form is closed before any input, the hours on top', async ({ page }, info) => {
    const { base } = late!;
    // the browser keeps its own clock: the server's decides
    await playerLogin(page, 'user3', base);
    await page.goto(`${base}/demo/exchange`);
    await expect(page.getByTestId('exchange')).toBeVisible();
    await expect(page.getByTestId('form-closed')).toHaveText('은행 점검 시간이라 출금 신청을 받을 수 없어요. 00:30부터 신청할 수 있어요.');
    await expect(page.getByLabel('출금 금액')).toBeDisabled();
    await expect(page.locator('input[name=cashOutPass]')).toBeDisabled();
    await expect(page.getByTestId('submit')).toBeDisabled();
    await expect(page.getByTestId('submit')).toHaveText('출금 신청');
    const hours = page.getByTestId('bank-hours');
    await expect(hours).toHaveAttribute('data-active', 'true');
    expect((await hours.boundingBox())!.y).toBeLessThan((await page.getByLabel('출금 금액').boundingBox())!.y);
    await page.screenshot({ path: shot(info, 'exchange-2345'), fullPage: true });
  });
});

test.describe(() => {
  test.use(WITH_SERVICE_WORKER);
  test('point conversion, money lists and the offline refusal', async ({ page }, info) => {
    const memId = pick({ pixel7: 'user8', iphone14: 'user9', desktop: 'user10' }, info);
    await playerLogin(page, memId);
    await page.goto('/demo/point');
    await expect(page.getByTestId('point-history')).toBeVisible();
    await page.screenshot({ path: shot(info, 'point'), fullPage: true });
    await page.getByRole('tab', { name: '전환 신청' }).click();
    await expect(page).toHaveURL(/\/demo\/pointuse$/);
    const points = amountOf(await page.getByTestId('points-left').innerText());
    const cash = await cashOf(page);
    await page.getByRole('button', { name: '+10,000', exact: true }).click();
    await page.getByTestId('submit').click();
    await acceptDialog(page, '10,000P를 머니로 전환하시겠습니까?');
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-title')).toHaveText('포인트를 머니로 전환했어요');
    await expect(receipt.getByTestId('receipt-amount')).toHaveText('10,000P');
    await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('내 보유머니');
    await expect(receipt.getByTestId('receipt-reference')).not.toBeEmpty();
    await page.screenshot({ path: shot(info, 'point-receipt') });
    await expect(page.getByTestId('cash')).toHaveText(shown(cash + 10_000));
    await expect(page.getByTestId('points-left')).toHaveText(shownP(points - 10_000));
    // once a minute: the button counts down instead of a refusal after the tap
    await expect(page.getByTestId('submit')).toHaveText(/초 후 다시 전환할 수 있습니다/);
    // the way to its row: the conversion list, the newest row marked
    await receipt.getByTestId('receipt-history').click();
    await expect(page).toHaveURL(/\/demo\/pointuselist$/);
    const row = page.getByTestId('point-convert-history').locator('[data-fresh]').filter({ visible: true });
    await expect(row).toBeInViewport();
    await expect(row).toContainText('10,000');
    await page.screenshot({ path: shot(info, 'pointuselist-fresh'), fullPage: true });

    // offline: the last list stays with its time; the money form is closed with its reason before any input
    await page.goto('/demo/charge');
    await expect(page.getByTestId('request-history')).toBeVisible();
    // offline screens come from the precache: wait until the service worker is active
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('form-closed')).toContainText('오프라인에서는 입금 신청을 할 수 없어요.');
    await expect(page.getByLabel('입금 금액')).toBeDisabled();
    await expect(page.getByTestId('request-history').getByTestId('last-seen')).toBeVisible();
    await page.getByRole('link', { name: '출금' }).filter({ visible: true }).first().click();
    await expect(page.getByTestId('exchange')).toBeVisible();
    await expect(page.getByTestId('form-closed')).toContainText('오프라인에서는 출금 신청을 할 수 없어요.');
    await expect(page.getByTestId('request-history')).toBeVisible();
    await page.context().setOffline(false);
  });
});

test('partner lists: own cash log and the cash list with its tree', async ({ page }, info) => {
  await captchaLogin(page, '/demo/login', 'ptn6');
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/cashListMy');
  await expect(page.getByTestId('cash-list-my')).toBeVisible();
  await openFilters(page);
  for (const label of ['입금', '출금', '게임머니 이동', '게임머니 전환', '보유금 지급', '보유금 회수']) {
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: '상위 지급', exact: true })).not.toBeChecked();
  await closeFilters(page);
  await page.screenshot({ path: shot(info, 'cashListMy'), fullPage: true });
  await page.goto('/demo/cashList');
  await expect(page.getByTestId('cash-list')).toBeVisible();
  await page.screenshot({ path: shot(info, 'cashList'), fullPage: true });
  await page.goto('/demo/subpartnerPointList');
  await expect(page.getByTestId('sub-point-list')).toBeVisible();
  await page.goto('/demo/pointList');
  await expect(page.getByTestId('point-accrual')).toBeVisible();
  // partners reach the player money screens inside their own shell
  await page.goto('/demo/exchange');
  await expect(page.getByTestId('exchange')).toBeVisible();
  await expect(page.getByTestId('partner-stats')).toBeVisible();
});
