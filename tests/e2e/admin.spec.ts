import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { PASS, captchaLogin, dismissPopups } from './support';

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

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('the operator home: a player\'s deposit request shows in the pending tile without a reload', async ({ page, request }, info) => {
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

  // a tap on a day of a chart reads its value
  const chart = page.getByTestId('figure-deposits').locator('svg');
  const box = (await chart.boundingBox())!;
  await chart.click({ position: { x: box.width - 24, y: box.height / 2 } });
  await expect(page.getByTestId('figure-deposits').getByTestId('chart-readout')).toContainText(/\d{2}-\d{2}/);
  await page.screenshot({ path: shot(info, 'home'), fullPage: true });

  await page.getByRole('tab', { name: '30일' }).click();
  await page.screenshot({ path: shot(info, 'home-30'), fullPage: true });

  // the tile opens the queue on the applied requests, where the new one waits
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

test('the ledger check runs from the home and its result stays there', async ({ page }, info) => {
  await operatorLogin(page);
  await page.getByTestId('ledger-run').click();
  await expect(page.getByTestId('ledger-status')).toContainText('정상');
  await expect(page.getByTestId('ledger-status')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.reload();
  await expect(page.getByTestId('ledger-status')).toContainText('정상');
  await page.getByTestId('ledger-card').screenshot({ path: shot(info, 'ledger-card') });
});

test('every operator screen fits 320 px without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await operatorLogin(page);
  const paths = await page.getByRole('navigation', { name: '메뉴' }).getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(5);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    const name = path.split('/').pop() || 'home';
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    await page.screenshot({ path: `tmp/screens/w320-admin-${name}.png`, fullPage: true });
    expect([path, scroll]).toEqual([path, expect.any(Number)]);
    expect(scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(client);
  }
});
