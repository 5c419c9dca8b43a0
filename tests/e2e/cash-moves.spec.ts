import { expect, test, type Page } from '@playwright/test';
import { cachePersisted, dismissPopups, ONE_VIEWPORT, pageNow, playerLogin, WITH_SERVICE_WORKER } from './support';

test.use(WITH_SERVICE_WORKER);

/** The screen at the phone's width and at 320 px, light and dark, for a look. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize()!;
  for (const width of [size.width, 320]) {
    await page.setViewportSize({ width, height: size.height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `tmp/screens/cash-moves-${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

test('a player finds the money history from My page, and sees it again offline', { tag: ONE_VIEWPORT }, async ({ page, context }) => {
  await playerLogin(page, 'user10');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/demo/my');
  await dismissPopups(page);
  await page.getByTestId('my-moves').click();
  await expect(page).toHaveURL(/\/demo\/moveList$/);
  const screen = page.getByTestId('cash-moves');
  await expect(screen.getByRole('heading', { name: '거래내역' })).toBeVisible();
  // the seed's grants, gives and requests of the last days: every row a kind, a signed amount and the balance after
  const rows = screen.getByTestId('cash-move');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/[+-][\d,]+원/);
  await expect(rows.first()).toContainText(/잔액 [\d,]+원/);
  await expect(page.getByTestId('list-skeleton')).toBeHidden();
  // what an offline reload must show again: the default span's rows (a reload starts from that span)
  const first = (await rows.first().textContent()) ?? '';
  await shots(page, 'list');

  // another span: grey cards while it is read, then its rows (held here until the skeleton was seen)
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/cash/moveList', async (route) => (await held, await route.continue()));
  const asked = await pageNow(page);
  await page.getByRole('button', { name: '15일' }).click();
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await shots(page, 'loading');
  release();
  await expect(page.getByTestId('list-skeleton')).toBeHidden();
  await expect(rows.first()).toBeVisible();
  await page.unroute('**/api/cash/moveList');

  // offline: the list last seen, with its time, never an empty state
  await cachePersisted(page, 'demo', 'user10', asked);
  await context.setOffline(true);
  await page.reload();
  await expect(rows.first()).toHaveText(first);
  await expect(page.getByTestId('last-seen')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 기준/);
  await context.setOffline(false);
});
