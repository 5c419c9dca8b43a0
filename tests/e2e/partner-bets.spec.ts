import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { captchaLogin, closeFilters, dismissPopups, ONE_VIEWPORT, openFilters } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-bets-${name}.png`;
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function login(page: Page, memId: string) {
  await dismissPopups(page);
  await captchaLogin(page, '/demo/login', memId);
  await expect(page).toHaveURL(/\/demo\/partnerMain$/);
}

async function acceptDialog(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog.filter({ hasText: text })).toBeHidden();
}

/** The seeded history spans 30 days: every view reads the same 31 KST days. */
async function last30(page: Page) {
  await openFilters(page);
  await page.getByRole('button', { name: '30일' }).first().click();
  await closeFilters(page);
}

const numberAttr = async (page: Page, testId: string, attr: string) => Number(await page.getByTestId(testId).first().getAttribute(attr));

// the top partner's wide tables are the ones worth a desktop look; the leaf's, a phone's
for (const memId of ['ptn7', 'ptn1']) {
  test(`${memId} sees the seeded bets, betting status, settlement and daily figures agreeing`, { tag: memId === 'ptn7' ? [ONE_VIEWPORT] : [] }, async ({ page }, info) => {
    test.setTimeout(90_000);
    await login(page, memId);

    await page.goto('/demo/bettingList');
    await last30(page);
    await expect(page.getByTestId('bet-total')).toBeVisible();
    expect(await numberAttr(page, 'bet-total', 'data-count')).toBeGreaterThan(0);
    await visible(page, 'bet-detail-open').first().click();
    await expect(page.getByTestId('bet-detail').or(page.getByText('상세 내역이 없습니다.'))).toBeVisible();
    await page.keyboard.press('Escape');
    if (memId === 'ptn1') await page.screenshot({ path: shot(info, 'betting-list') });

    await page.goto('/demo/bettingListSport');
    await last30(page);
    await expect(visible(page, 'sport-bet').first()).toBeVisible();
    const odds = await visible(page, 'total-odds').first().innerText();
    expect(odds).toMatch(/^\d+\.\d{2}$/);

    await page.goto('/demo/bettingtotal');
    await last30(page);
    await expect(page.getByTestId('own-stat')).toBeVisible();
    await expect.poll(() => numberAttr(page, 'own-stat', 'data-bet')).toBeGreaterThan(0);
    const statusBet = await numberAttr(page, 'own-stat', 'data-bet');
    if (memId === 'ptn1') await page.screenshot({ path: shot(info, 'betting-status') });

    await page.goto('/demo/statDateBet');
    await last30(page);
    await expect.poll(() => numberAttr(page, 'daily-betting', 'data-bet')).toBe(statusBet);
    await expect(page.getByRole('img', { name: '일별 베팅/당첨' })).toBeVisible();

    await page.goto('/demo/partnerCalculationUserList');
    await last30(page);
    await expect.poll(() => numberAttr(page, 'settle-summary', 'data-bet')).toBe(statusBet);

    await page.goto('/demo/partnerCalculationList');
    await last30(page);
    if (memId === 'ptn1') {
      // lower partners' subtrees together hold every bet below ptn1
      await expect.poll(() => numberAttr(page, 'settle-summary', 'data-bet')).toBe(statusBet);
      const rows = visible(page, 'settle-row');
      const before = await rows.count();
      await visible(page, 'settle-toggle').first().click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
      await page.screenshot({ path: shot(info, 'settlement-expanded') });
      await visible(page, 'settle-toggle').first().click();
      await expect(rows).toHaveCount(before);
    } else {
      await expect(page.getByTestId('settlement')).toBeVisible();
    }
  });
}

test('a partner changes a direct member rate within bounds; a value above the maximum is clamped with the alert', async ({ page }, info) => {
  test.setTimeout(90_000);
  await login(page, 'ptn6');
  await page.goto('/demo/partnerRate');
  const rows = page.getByTestId('rate-row');
  await expect(rows.first()).toBeVisible();

  // a member not changed within the last day (projects share one server)
  const preferred = { pixel7: 'user6', iphone14: 'user7', desktop: 'user8' }[info.project.name] ?? 'user9';
  let row = rows.and(page.locator(`[data-mem="${preferred}"]`));
  if ((await row.getByTestId('rate-lock').count()) > 0) {
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      if ((await rows.nth(i).getByTestId('rate-lock').count()) === 0) {
        row = rows.nth(i);
        break;
      }
    }
  }
  await expect(row.getByTestId('rate-lock')).toHaveCount(0);
  const memId = await row.getAttribute('data-mem');
  const input = row.locator('input[name="casino.pointRate"]');
  const bounds = (await input.locator('xpath=following-sibling::small').innerText()).split('~').map(Number);
  const [min, max] = bounds;
  const before = Number(await input.inputValue());

  await input.fill('99');
  await input.press('Tab');
  await acceptDialog(page, '최대값보다 큽니다.');
  await expect(input).toHaveValue(String(max));

  const wanted = before === max ? min : max;
  await input.fill(String(wanted));
  await input.press('Tab');
  await page.screenshot({ path: shot(info, 'rates') });
  await row.getByRole('button', { name: '저장' }).click();
  await acceptDialog(page, '저장하시겠습니까?');
  await acceptDialog(page, '정상적으로 저장되었습니다.');

  await page.reload();
  const saved = page.getByTestId('rate-row').and(page.locator(`[data-mem="${memId}"]`));
  await expect(saved.locator('input[name="casino.pointRate"]')).toHaveValue(String(wanted));
  await expect(saved.getByTestId('rate-lock')).toBeVisible();

  // the member's own detail screen shows the same rate, locked for a day
  await page.goto(`/demo/userDetail?id=${memId}&tab=rate`);
  const tab = page.getByTestId('rate-tab');
  await expect(tab.locator('input[name="casino.pointRate"]')).toHaveValue(String(wanted));
  await expect(tab.getByTestId('rate-lock').first()).toBeVisible();
});
