import type { Page } from '@playwright/test';

/** The site's popups open over any screen after login: close them whenever they appear. */
export async function dismissPopups(page: Page) {
  const popup = page.getByTestId('site-popup');
  await page.addLocatorHandler(
    popup,
    async () => {
      // a modal alert on top makes the popup inert; the test deals with the alert first
      if (await page.getByRole('alertdialog').isVisible()) return;
      await popup.getByRole('button', { name: '닫기', exact: true }).click();
    },
    { noWaitAfter: true },
  );
  return page;
}
