import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

/**
 * Pictures of the screens that show money to a person at 320x568, light and dark, to look at side by
 * side with an earlier build's (SHOTS_DIR elsewhere): the home card of an open request, a receipt,
 * the money history, and the partner's give/retrieve history. One context per scheme; the players
 * are ones the phone project's other specs leave alone (user14 and user17 hold a seeded open request).
 */
const OUT = process.env.SHOTS_DIR ?? 'reports/screens';
const players = { light: 'user14', dark: 'user17' } as const;

/**
 * The screen as it rests: its reads answered and the site's popup (it opens after sign-in) closed by
 * the page's popup handler, which the waiting assertion gives its turn (a second close here raced it).
 */
async function shot(page: Page, name: string, scheme: string) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByTestId('site-popup')).toBeHidden();
  await page.screenshot({ path: `${OUT}/money-${name}-320-${scheme}.png`, scale: 'css' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`money screens at 320 px, ${scheme}`, { tag: ONE_VIEWPORT }, async ({ browser }) => {
    test.setTimeout(120_000);
    mkdirSync(OUT, { recursive: true });
    const context = await browser.newContext({
      viewport: { width: 320, height: 568 },
      colorScheme: scheme,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      serviceWorkers: 'block',
    });
    const page = await dismissPopups(await context.newPage());
    try {
      await playerLogin(page, players[scheme]);
      await expect(page.getByTestId('in-progress-row').first()).toBeVisible();
      await shot(page, 'home-card', scheme);

      // a receipt: 10,000 points into money (every demo player holds 20,000 at the start)
      await page.goto('/demo/pointuse');
      await page.getByLabel('전환할 포인트').fill('10000');
      await page.getByTestId('submit').click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await expect(page.getByTestId('receipt-title')).not.toBeEmpty();
      await shot(page, 'receipt', scheme);
      await page.getByTestId('receipt-ok').click();

      await page.goto('/demo/moveList');
      await expect(page.getByTestId('cash-move').first()).toBeVisible();
      await shot(page, 'history', scheme);

      // signed out where no app runs to save the session again
      await page.goto('/api/health');
      await page.evaluate(() => localStorage.clear());
      await captchaLogin(page, '/demo/login', 'ptn7');
      await expect(page).toHaveURL(/\/demo\/partnerMain$/);
      await page.goto('/demo/partnerMoneyMoveList');
      await expect(page.getByTestId('send-status').first()).toBeVisible();
      await shot(page, 'give-history', scheme);
    } finally {
      await context.close();
    }
  });
}
