import { expect, test, type Page } from '@playwright/test';
import { captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin, WITH_SERVICE_WORKER } from './support';
import { brandShades } from '../../src/contract/brandColour';

test.use(WITH_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

/** Waits until the service worker controls the page (a first visit is not controlled until a reload). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('the demo site installs as its own app: the manifest its page links has its name, id and scope', { tag: ONE_VIEWPORT }, async ({ page, baseURL }) => {
  await page.goto('/demo');
  await expect(page).toHaveTitle('Pitboss Demo');
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/demo/manifest.webmanifest');
  await controlled(page);
  // the page links its manifest once its first screen has painted (a reload above starts that over)
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/demo/manifest.webmanifest');

  const cdp = await page.context().newCDPSession(page);
  // Chromium reads a link added after load on its own schedule
  await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url).toBe(`${baseURL}/demo/manifest.webmanifest`);
  // the manifest Chromium itself found for the page, and what it makes of it
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(url).toBe(`${baseURL}/demo/manifest.webmanifest`);
  expect(errors).toEqual([]);
  expect(JSON.parse(data!)).toMatchObject({ id: '/demo/', name: 'Pitboss Demo', short_name: 'Pitboss Demo', scope: '/demo/', start_url: '/demo/' });
  const { appId } = await cdp.send('Page.getAppId');
  expect(appId).toBe(`${baseURL}/demo/`);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test("offline, a site's page is served by the service worker from that site's own shell", { tag: ONE_VIEWPORT }, async ({ page, context }) => {
  await page.goto('/demo/login');
  await controlled(page);
  await page.goto('/demo');
  await expect(page.locator('input[name=memId]')).toBeVisible();

  await context.setOffline(true);
  // another page of the same site, never opened online: the site's shell all the same
  const res = await page.goto('/demo/admin/login');
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle('Pitboss Demo');
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/demo/manifest.webmanifest');
  await expect(page.locator('input[name=memId]')).toBeVisible();
  // its icons come from the cache too
  const logo = page.locator('img[src="/demo/icons/icon-192.png"]').first();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
  await context.setOffline(false);
});

test("the player's header shows the site's logo and name", { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await playerLogin(page, 'user5');
  const header = page.locator('header').first();
  const logo = header.locator('img[src="/demo/icons/icon-192.png"]');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
  await expect(header.getByRole('link', { name: 'Pitboss Demo' })).toBeVisible();
  await expect(header).toContainText('Pitboss Demo');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [412, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `tmp/screens/${info.project.name}-brand-header-${width}-${scheme}.png`, clip: { x: 0, y: 0, width, height: 120 } });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
});

test("every login page of the demo site shows the site's name, logo, colour and language, never the product's", async ({ page }, info) => {
  const { light, dark } = brandShades('#c9302c');
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  for (const [path, kind] of [
    ['/demo', null],
    ['/demo/login', '파트너'],
    ['/demo/admin/login', '운영자'],
  ] as const) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    const brand = page.getByTestId('login-brand');
    await expect(brand.getByRole('heading', { level: 1 })).toHaveText('Pitboss Demo');
    if (kind) await expect(brand.getByRole('heading', { level: 2 })).toHaveText(kind);
    await expect(page.locator('body')).not.toContainText(/^Pitboss$/m);
    const logo = brand.locator('img[src="/demo/icons/icon-192.png"]');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
    // the site's prefix and language on <html>, its colour behind the primary button
    await expect(page.locator('html')).toHaveAttribute('data-site-brand', 'demo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const button = page.getByRole('button', { name: '로그인', exact: true });
    await expect(button).toHaveCSS('background-color', rgb(light.brand));
    await expect(button).toHaveCSS('color', rgb(light.ink));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(button).toHaveCSS('background-color', rgb(dark.brand));
    const name = path.split('/').slice(2).join('-') || 'player';
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [412, 320]) {
        await page.setViewportSize({ width, height: 760 });
        await page.screenshot({ path: `tmp/screens/${info.project.name}-login-brand-${name}-${width}-${scheme}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
    }
  }
});

test("the partner's and the operator's headers show the site's logo and name beside what they are", { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  for (const [path, memId, home, kind] of [
    ['/demo/login', 'ptn7', /\/demo\/partnerMain$/, '파트너'],
    ['/demo/admin/login', 'admin', /\/demo\/admin\/?$/, '운영자'],
  ] as const) {
    await captchaLogin(page, path, memId);
    await expect(page).toHaveURL(home);
    const mark = page.locator('header').getByTestId('site-mark');
    // the kind is in the mark (shown from 420 px; a phone's header keeps the room for the name)
    await expect(mark).toContainText(kind);
    await expect(mark).toContainText('Pitboss Demo');
    const logo = mark.locator('img[src="/demo/icons/icon-192.png"]');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 320, height: 700 });
      await page.screenshot({ path: `tmp/screens/${info.project.name}-shell-brand-${memId}-320-${scheme}.png`, clip: { x: 0, y: 0, width: 320, height: 120 } });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // the whole name is readable beside the language and logout: not cut to its first letters
      const name = mark.locator('span').first();
      await expect(name).toHaveText('Pitboss Demo');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    }
    if (memId === 'admin') {
      // the first-day checklist's two-factor item opens the enrolment, though the offer at sign-in was put off
      await page.getByTestId('first-day-twoFactor').getByRole('link').click();
      await expect(page).toHaveURL(/\/demo\/admin\/twoFactor\?setup=1$/);
      await expect(page.getByTestId('otp-offer').getByTestId('otp-offer-now')).toBeVisible();
    }
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
});
