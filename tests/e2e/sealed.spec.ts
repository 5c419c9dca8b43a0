import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { acceptDialog, captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

/** A player per project with no deposit open, so projects share the database without meeting. */
const depositUser = { pixel7: 'user2', iphone14: 'user4', desktop: 'user5' } as const;
const pick = <T extends Record<string, string>>(m: T, info: TestInfo) => (m[info.project.name as keyof T] ?? Object.values(m)[0]) as string;
const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-sealed-${name}.png`;

async function operatorConsole(browser: Browser, info: TestInfo): Promise<Page> {
  const page = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
  await captchaLogin(page, '/demo/admin/login', 'admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.goto('/demo/admin/site');
  return page;
}

/** The operator's switch: on or off, confirmed, then shown. */
async function setSealing(admin: Page, on: boolean) {
  const sw = admin.locator('input[name=sealYn]');
  await expect(sw).toBeEnabled();
  if ((await sw.isChecked()) === on) return;
  await sw.click();
  await acceptDialog(admin, on ? '모든 요청과 응답 본문을 암호화하시겠습니까?' : '본문 암호화를 끄시겠습니까?');
  await expect(sw).toBeChecked({ checked: on });
}

test('with sealed bodies on, a player signs in and asks for a deposit: no plain field on the wire either way', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  const admin = await operatorConsole(browser, info);
  await setSealing(admin, true);
  await admin.screenshot({ path: shot(info, 'switch'), fullPage: true });
  try {
    const sent: { path: string; body: string }[] = [];
    // an answer's body can be read only while its page is still there: those of a page navigated away from are left out
    const answers: Promise<{ path: string; body: string } | null>[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && r.method() === 'POST') sent.push({ path, body: r.postData() ?? '' });
    });
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && r.request().method() === 'POST')
        answers.push(
          r.text().then(
            (body) => ({ path, body }),
            () => null,
          ),
        );
    });
    await dismissPopups(page);
    await playerLogin(page, pick(depositUser, info));
    await page.goto('/demo/charge');
    // a retry finds the deposit an earlier try asked for: cancelled first, as the player would
    await expect(page.getByRole('button', { name: '+10,000', exact: true })).toBeVisible();
    const open = page.getByTestId('open-request');
    if (await open.isVisible()) {
      await open.getByRole('button', { name: '신청 취소' }).click();
      await acceptDialog(page, '신청을 취소하시겠습니까?');
      await expect(open).toBeHidden();
    }
    await page.getByRole('button', { name: '+10,000', exact: true }).click();
    await page.getByTestId('submit').click();
    await acceptDialog(page, '10,000원 입금 신청하시겠습니까?');
    await page.getByTestId('receipt-ok').click();
    await expect(page.getByTestId('open-request')).toContainText('10,000원');
    await page.screenshot({ path: shot(info, 'charge'), fullPage: true });

    // before any key: the site lookup (which says sealing is on) and the handshake; every other call an envelope
    const handshakes = new Set(['/api/common/site', '/api/common/key']);
    expect(sent.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/common/key', '/api/member/login', '/api/cash/in']));
    for (const r of sent.filter((r) => !handshakes.has(r.path))) {
      expect(Object.keys(JSON.parse(r.body)).sort(), r.path).toEqual(['ct', 'iv', 'k', 'n']);
      expect(r.body).not.toMatch(/memPass|memId|cashAmt|siteId|demo1234/);
    }
    const read = (await Promise.all(answers)).filter((r): r is { path: string; body: string } => r !== null);
    expect(read.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/cash/in']));
    for (const r of read.filter((r) => !handshakes.has(r.path))) {
      expect(Object.keys(JSON.parse(r.body)).sort(), r.path).toEqual(['ct', 'iv', 'k', 'n']);
      expect(r.body).not.toMatch(/"token"|resultCode|"cash"/);
    }
  } finally {
    await setSealing(admin, false);
    await admin.context().close();
  }
});
