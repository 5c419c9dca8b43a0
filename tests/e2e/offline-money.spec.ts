import { expect, test, type Page } from '@playwright/test';
import { dismissPopups, lobbyKept, ONE_VIEWPORT, playerLogin, WITH_SERVICE_WORKER } from './support';

test.use(WITH_SERVICE_WORKER);

// A phone's money screens say only what the server said: offline, lists never read say so instead
// of an empty state, and forms that cannot be sent are closed with their reason before any input.

const shot = (name: string) => `tmp/screens/pixel7-offline-${name}.png`;

/** Signed in, the lobby visited and kept for offline use, then the device offline. */
async function offlineAfterLobby(page: Page, memId: string) {
  await dismissPopups(page);
  await playerLogin(page, memId);
  await expect(page.getByTestId('game-lobby')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(lobbyKept), { timeout: 10_000 }).toBe(true);
  await page.context().setOffline(true);
}

test('offline after a lobby visit: the withdrawal screen is closed with its reason and its lists say they could not load', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await offlineAfterLobby(page, 'user12');
  try {
    await page.goto('/demo/exchange');
    await expect(page.getByTestId('exchange')).toBeVisible();
    await expect(page.getByTestId('form-closed')).toHaveText(/오프라인에서는 출금 신청을 할 수 없어요/);
    await expect(page.getByLabel('출금 금액')).toBeDisabled();
    await expect(page.locator('input[name=cashOutPass]')).toBeDisabled();
    await expect(page.getByTestId('submit')).toHaveText('출금 신청');
    // the home screen read this list (its transfers in progress): shown with the time it was read
    await expect(page.getByTestId('request-history').getByTestId('last-seen')).toBeVisible();
    await page.screenshot({ path: shot('exchange-offline'), fullPage: true });

    // the points history was never read on this device: "cannot load", not "no history";
    // the conversion form is closed before input with its reason and when the balance was last checked
    await page.goto('/demo/point');
    const points = page.getByTestId('point-history');
    await expect(points.getByTestId('not-loaded')).toHaveText(/불러올 수 없어요/);
    await expect(points).not.toContainText('내역이 없습니다');
    await page.getByRole('tab', { name: '전환 신청' }).click();
    await expect(page.getByTestId('form-closed')).toContainText('오프라인에서는 포인트 전환을 할 수 없어요');
    await expect(page.getByTestId('form-closed-checked')).toHaveText(/마지막 확인 \d{2}-\d{2} \d{2}:\d{2}/);
    await expect(page.getByLabel('전환할 포인트')).toBeDisabled();
    await expect(page.getByTestId('submit')).toBeDisabled();

    // the coupon box says before any tap that coupons cannot be used offline
    await page.goto('/demo/coupon');
    await expect(page.getByTestId('form-closed')).toContainText('오프라인에서는 쿠폰을 사용할 수 없어요');

    // the inbox was never read on this device: no "0건", no "no messages"
    await page.goto('/demo/msg');
    await expect(page.getByTestId('msg-list').getByTestId('not-loaded')).toBeVisible();
    await expect(page.getByTestId('msg-total')).toHaveCount(0);
    await expect(page.getByTestId('msg-list')).not.toContainText('받은 쪽지가 없습니다');
  } finally {
    await page.context().setOffline(false);
  }
});
