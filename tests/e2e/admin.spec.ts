import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { acceptDialog, captchaLogin, dismissPopups, ONE_VIEWPORT, PASS } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-admin-${name}.png`;
/** A player with a seeded open deposit; the test cancels it first, so every project and rerun starts the same. */
const PLAYER = 'user20';

async function operatorLogin(page: Page) {
  await captchaLogin(page, '/demo/admin/login', 'admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
}

/** The player's side, through the API as its app would call it (a second client, not this page). */
async function playerApi(request: APIRequestContext, memId: string) {
  const site = (await (await request.post('/api/common/site', { data: { prefix: 'demo' } })).json()).data;
  const call = async (path: string, body: Record<string, unknown> = {}, token?: string) => {
    const res = await request.post(path, {
      data: { siteId: site.siteId, ...body },
      headers: { authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
    });
    return res.json();
  };
  const captcha = await call('/api/member/captcha');
  const login = await call('/api/member/login', { memId, memPass: PASS, captchaId: captcha.data.captchaId, captcha: '1234' });
  expect(login.resultCode).toBe('0');
  const token = login.data.token as string;
  return {
    call: (path: string, body: Record<string, unknown> = {}) => call(path, body, token),
    async cancelOpenDeposits() {
      const list = await call('/api/cash/list/', { cashType: 1, startDate: '2000-01-01 00:00:00' }, token);
      for (const r of list.data?.list ?? []) {
        if (r.cashStatus === 0) await call('/api/cash/del', { cashIdx: r.cashIdx, requestId: crypto.randomUUID() }, token);
      }
    },
  };
}

const count = async (page: Page, id: string) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ''));

/** A phone clock far off the server's: a receipt's time must be the server's record, never the device's. */
const PHONE_CLOCK = new Date('2021-03-04T05:06:07+09:00');

/** The page at 320 px, light and dark, then back as it was. */
async function shots320(page: Page, info: TestInfo, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 568 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(info, `${name}-320-${scheme}`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test("the operator home: a player's deposit request shows in the pending tile without a reload", async ({ page, request }, info) => {
  const player = await playerApi(request, PLAYER);
  await player.cancelOpenDeposits();

  await operatorLogin(page);
  await expect(page.getByTestId('figure-deposits')).toBeVisible();
  const before = await count(page, 'pending-cash');

  const r = await player.call('/api/cash/in', { cashAmt: 30_000, requestId: crypto.randomUUID() });
  expect(r.resultCode).toBe('0');
  // ADMIN_PENDING over the socket: no reload, no navigation
  await expect(page.getByTestId('pending-cash')).toHaveText(String(before + 1), { timeout: 10_000 });
  await expect(page.getByTestId('tile-cash')).toHaveAttribute('data-hot', 'true');

  // the tile's subline adds up to its count
  const [a, b] = (await page.getByTestId('pending-cash-split').innerText()).match(/[\d,]+/g)!.map((x) => Number(x.replace(/,/g, '')));
  expect(a + b).toBe(await count(page, 'pending-cash'));

  // today is drawn by hour (or says it has no data yet)
  await expect(page.getByTestId('figure-deposits').getByRole('img', { name: '시간별 입금' })).toBeVisible();
  await page.screenshot({ path: shot(info, 'home'), fullPage: true });

  // a tap on a day of the month's chart reads its value
  await page.getByRole('tab', { name: '30일' }).click();
  const chart = page.getByTestId('figure-deposits').getByRole('img', { name: '일별 입금' });
  const box = (await chart.boundingBox())!;
  await chart.click({ position: { x: box.width - 24, y: box.height / 2 } });
  await expect(page.getByTestId('figure-deposits').getByTestId('chart-readout')).toContainText(/\d{2}-\d{2}/);
  await page.screenshot({ path: shot(info, 'home-30'), fullPage: true });

  // the tile opens the queue on the open requests, where the new one waits
  await page.getByTestId('tile-cash').click();
  await expect(page.getByTestId('cash-queue')).toBeVisible();
  await expect(page.getByText(PLAYER, { exact: false }).filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: shot(info, 'queue'), fullPage: true });

  // the player cancels: the count goes back down, live
  await page.goto('/demo/admin');
  await expect(page.getByTestId('pending-cash')).toHaveText(String(before + 1));
  await player.cancelOpenDeposits();
  await expect(page.getByTestId('pending-cash')).toHaveText(String(before), { timeout: 10_000 });
});

test('the queue for one thumb: one count everywhere, newest first, one tap to reject with the facts, then the receipt', { tag: ONE_VIEWPORT }, async ({ page, request }, info) => {
  const player = await playerApi(request, PLAYER);
  await player.cancelOpenDeposits();
  expect((await player.call('/api/cash/in', { cashAmt: 31_000, requestId: crypto.randomUUID() })).resultCode).toBe('0');

  await operatorLogin(page);
  const bar = page.getByTestId('admin-bar');
  const cashLink = bar.getByRole('link', { name: /입출금 신청/ });
  // the home card and the bar's badge: one number from one query
  const waiting = await count(page, 'pending-cash');
  expect(waiting).toBeGreaterThan(1);
  await expect(cashLink).toContainText(String(waiting));
  await cashLink.click();
  const queue = page.getByTestId('cash-queue');
  // the list's header says the same
  await expect(page.getByTestId('queue-count')).toHaveText(`처리할 신청 ${waiting}건`);

  // newest first: the new request on top, each card's time no later than the one above
  const cards = queue.getByTestId('queue-card');
  await expect(cards.first()).toContainText(PLAYER);
  await expect(cards.first()).toContainText('31,000원');
  const times = async () =>
    queue
      .getByTestId('queue-card')
      .locator('time')
      .evaluateAll((ts) => ts.map((el) => el.getAttribute('datetime') ?? ''));
  const newest = await times();
  expect(newest).toEqual([...newest].sort().reverse());
  await page.screenshot({ path: shot(info, 'queue-newest') });
  // oldest first is one tap away
  await page.getByTestId('queue-order').click();
  await expect(page.getByTestId('queue-order')).toHaveText(/오래된순/);
  await expect.poll(async () => (await times())[0]).toBe([...newest].sort()[0]);
  const oldest = await times();
  expect(oldest).toEqual([...oldest].sort());
  await page.getByTestId('queue-order').click();
  await expect(cards.first()).toContainText(PLAYER);

  // one tap on 거절 (no waiting step first): the sheet shows the member, the account and the amount
  await cards.first().getByRole('button', { name: '거절', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('입금 31,000원을 거절하시겠습니까?');
  const facts = page.getByTestId('dialog-facts');
  await expect(facts).toContainText(PLAYER);
  await expect(facts).toContainText('31,000원');
  await expect(facts).toContainText('계좌');
  await page.screenshot({ path: shot(info, 'queue-confirm') });
  await page.clock.setFixedTime(PHONE_CLOCK);
  await dialog.getByRole('button', { name: '확인' }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-title')).toHaveText('입금 신청을 거절했어요');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('31,000원');
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText(PLAYER);
  // the request's number, and the time the server decided it: the request's own row says the same
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  const cashIdx = Number((await receipt.getByTestId('receipt-reference').innerText()).slice(1));
  const decidedAt = (await receipt.getByTestId('receipt-time').innerText()).trim();
  const requests = await player.call('/api/cash/list/', { cashType: 1, startDate: '2000-01-01 00:00:00' });
  const decided = (requests.data.list as { cashIdx: number; cashStatus: number; updDate: string }[]).find((r) => r.cashIdx === cashIdx);
  expect(decided).toMatchObject({ cashStatus: -1, updDate: decidedAt });
  await page.screenshot({ path: shot(info, 'queue-receipt') });
  await shots320(page, info, 'queue-receipt');
  await page.clock.setFixedTime(Date.now());
  await receipt.getByTestId('receipt-ok').click();

  // every count goes down together
  await expect(page.getByTestId('queue-count')).toHaveText(`처리할 신청 ${waiting - 1}건`, { timeout: 10_000 });
  await expect(cashLink).toContainText(String(waiting - 1));
  await bar.getByRole('link', { name: '홈' }).click();
  await expect(page.getByTestId('pending-cash')).toHaveText(String(waiting - 1));
});

test("the operator's grant and recovery receipts lead to their rows in the audit log", { tag: ONE_VIEWPORT }, async ({ page, request }, info) => {
  const memId = { pixel7: 'user16', iphone14: 'user17', desktop: 'user15' }[info.project.name] ?? 'user16';
  const member = await playerApi(request, memId);
  await operatorLogin(page);
  await page.goto('/demo/admin/members');
  await page.getByPlaceholder('회원 아이디').fill(memId);
  await page.getByRole('button', { name: '조회' }).click();
  await expect(page.getByTestId('member-point')).toContainText('P');
  const sheet = page.getByTestId('give-retrieve-sheet');
  const receipt = page.getByTestId('receipt');
  const audit = page.getByTestId('audit-log');
  for (const [button, amount, title] of [
    ['머니 지급', '10,000', '지급했어요'],
    ['포인트 회수', '1,000', '회수했어요'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await sheet.getByRole('textbox', { name: /금액/ }).fill(amount.replace(',', ''));
    await page.clock.setFixedTime(PHONE_CLOCK);
    await page.getByTestId('sheet-submit').click();
    await acceptDialog(page, new RegExp(`${memId}.*${amount}`));
    await expect(receipt.getByTestId('receipt-title')).toHaveText(title);
    await expect(receipt.getByTestId('receipt-counterparty')).toContainText(memId);
    // the member's ledger row the grant wrote: its number, and its time as the server recorded it
    await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
    const logIdx = Number((await receipt.getByTestId('receipt-reference').innerText()).slice(1));
    const at = (await receipt.getByTestId('receipt-time').innerText()).trim();
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(at).not.toContain('2021-03-04');
    if (button === '머니 지급') {
      // the member's own money history has the row under that number at that time
      const moves = await member.call('/api/cash/moveList', { page: 1 });
      expect((moves.data.list as { moveIdx: number; regDate: string }[]).find((r) => r.moveIdx === logIdx)).toMatchObject({ regDate: at });
      await shots320(page, info, 'grant-receipt');
    }
    await page.clock.setFixedTime(Date.now());
    await receipt.getByTestId('receipt-history').click();
    await expect(page).toHaveURL(/\/demo\/admin\/audit$/);
    const row = audit.locator('[data-fresh]').filter({ visible: true });
    await expect(row).toContainText(`memId=${memId}`);
    await expect(row).toContainText(new RegExp(amount.replace(',', ',?')));
    await expect(row).toContainText(new RegExp(`logIdx\\s*${logIdx}(?!\\d)`));
    await expect(row).toBeInViewport();
    await page.screenshot({ path: shot(info, `grant-audit-${amount}`) });
    await page.goBack();
    await page.getByPlaceholder('회원 아이디').fill(memId);
    await page.getByRole('button', { name: '조회' }).click();
  }
});

test('the ledger check runs from the home and its result stays there', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await operatorLogin(page);
  await page.getByTestId('ledger-run').click();
  await expect(page.getByTestId('ledger-status')).toContainText('정상');
  await expect(page.getByTestId('ledger-status')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.reload();
  await expect(page.getByTestId('ledger-status')).toContainText('정상');
  await page.getByTestId('ledger-card').screenshot({ path: shot(info, 'ledger-card') });
});

test('at 320 px every operator screen is reachable with one thumb: the bottom bar and its menu sheet', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await operatorLogin(page);
  const bar = page.getByTestId('admin-bar');
  await expect(bar.getByRole('link')).toHaveCount(4);
  await bar.getByRole('link', { name: /입출금 신청/ }).click();
  await expect(page.getByTestId('cash-queue')).toBeVisible();
  await page.getByTestId('admin-more').click();
  const sheet = page.getByTestId('admin-more-menu');
  await expect(sheet.getByRole('link')).toHaveCount(14);
  await page.screenshot({ path: shot(info, 'more-320') });
  await sheet.getByRole('link', { name: '사이트 운영' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/admin\/site$/);
  // every switch there: on means allowed
  for (const name of ['betAllowed', 'inAmtYn', 'outAmtYn']) {
    const input = page.locator(`input[name=${name}]`);
    await expect(input).toBeEnabled();
    const label = await page.locator('label').filter({ has: input }).innerText();
    expect([name, label.includes('가능')]).toEqual([name, await input.isChecked()]);
  }
  // sideways scroll and cut labels on every screen: screens.spec.ts
});
