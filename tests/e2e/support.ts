import { expect, type FrameLocator, type Page } from '@playwright/test';

/** The site's popups open over any screen after login: close them whenever they appear. */
export async function dismissPopups(page: Page) {
  const popup = page.getByTestId('site-popup');
  await page.addLocatorHandler(
    popup,
    async () => {
      // a modal alert or the in-app game on top makes the popup inert: the test deals with that first
      if ((await page.getByRole('alertdialog').isVisible()) || (await page.getByTestId('game-view').isVisible())) return;
      await popup.getByRole('button', { name: '닫기', exact: true }).click();
    },
    { noWaitAfter: true },
  );
  return page;
}

/**
 * Tags a check whose outcome does not depend on the viewport (a server rule, a session, offline,
 * the wire) or that sets its own sizes: it runs on the Pixel 7 project only. The iPhone and
 * desktop projects repeat only what their layout changes.
 */
export const ONE_VIEWPORT = '@one-viewport';

/** Tags a check of the phone shell that the desktop does not draw differently: both phones run it, the desktop does not. */
export const PHONES = '@phones';

/**
 * For a test of what the service worker does (offline, install, push, the last-seen paint): the
 * config blocks it elsewhere, as a fresh context would precache the whole app for every test.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

/** Every demo login's password. */
export const PASS = 'demo1234!';

/** Confirms the alert that shows `text` (in the page or in a frame of it, the game) and waits until that alert is gone. */
export async function acceptDialog(page: Page | FrameLocator, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog.filter({ hasText: text })).toHaveCount(0);
}

/** A player's login on the site's front page (`base` for a second server). */
export async function playerLogin(page: Page, memId: string, base = '') {
  await page.goto(`${base}/demo`);
  await page.locator('input[name=memId]').fill(memId);
  await page.locator('input[name=memPass]').fill(PASS);
  await page.locator('input[name=memPass]').press('Enter');
  await expect(page).toHaveURL(/\/demo\/main$/);
}

/** A login through a form with the captcha (partner or operator); the test server fixes its answer. */
export async function captchaLogin(page: Page, path: string, memId: string) {
  await page.goto(path);
  // as a person reads the picture before typing its digits
  await expect(page.getByRole('img', { name: '자동입력 방지 이미지' })).toBeVisible();
  await page.locator('input[name=memId]').fill(memId);
  await page.locator('input[name=memPass]').fill(PASS);
  await page.locator('#captcha').fill('1234');
  await page.locator('#captcha').press('Enter');
}

/**
 * A list's filters: inline on wide screens; on phones in a sheet behind the summary chip, which
 * this opens. Enter in a search field (or "결과 보기") applies them and closes the sheet.
 */
export async function openFilters(page: Page) {
  const chip = page.getByTestId('filter-open');
  await expect(chip.or(page.locator('form[role=search]')).first()).toBeVisible();
  if (await chip.isVisible()) {
    await chip.click();
    await expect(page.getByTestId('filter-sheet')).toBeVisible();
  }
}

/** Applies the filters in the sheet (phones); inline filters apply as they change. */
export async function closeFilters(page: Page) {
  const sheet = page.getByTestId('filter-sheet');
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: '결과 보기' }).click();
    await expect(sheet).toBeHidden();
  }
}

/** Whether the signed-in player's persisted query cache already holds the game lobby. */
export function lobbyKept(): Promise<boolean> {
  return indexedDB.databases().then((dbs) => {
    const name = dbs.map((d) => d.name ?? '').find((n) => n.startsWith('pitboss-demo-'));
    if (!name) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('cache')) return (db.close(), resolve(false));
        const get = db.transaction('cache').objectStore('cache').get('queries');
        get.onsuccess = () => (db.close(), resolve(typeof get.result === 'string' && get.result.includes('"lobby"')));
        get.onerror = () => (db.close(), resolve(false));
      };
    });
  });
}

/** The page's clock now: mark it before an action whose data {@link cachePersisted} waits for. */
export const pageNow = (page: Page) => page.evaluate(() => Date.now());

/**
 * Waits until the user's query cache in IndexedDB (written at most every 500 ms) holds data fetched after
 * `since` and no query in it is still fetching, so an offline reload that follows shows what is on screen.
 */
export async function cachePersisted(page: Page, prefix: string, memId: string, since: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([store, since]) =>
            new Promise<boolean>((done) => {
              const open = indexedDB.open(store);
              open.onerror = () => done(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('cache')) return (db.close(), done(false));
                const read = db.transaction('cache').objectStore('cache').get('queries');
                read.onerror = () => done(false);
                read.onsuccess = () => {
                  db.close();
                  type Saved = { clientState?: { queries?: { state: { dataUpdatedAt: number; fetchStatus: string } }[] } };
                  const queries = typeof read.result === 'string' ? ((JSON.parse(read.result) as Saved).clientState?.queries ?? []) : [];
                  done(queries.some((q) => q.state.dataUpdatedAt > since) && queries.every((q) => q.state.fetchStatus === 'idle'));
                };
              };
            }),
          [`pitboss-${prefix}-${memId}`, since] as const,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}
