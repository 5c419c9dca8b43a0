import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { captchaLogin as login, dismissPopups, ONE_VIEWPORT, openFilters, WITH_SERVICE_WORKER } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-partner-${name}.png`;
/** Ids are unique per project and run: the three projects share one server. */
const tag = (info: TestInfo) => ({ pixel7: 'p', iphone14: 'i', desktop: 'd' })[info.project.name] ?? 'x';
const stamp = () => Date.now().toString(36).slice(-5);
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

async function acceptDialog(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  // the next alert may reuse the same dialog at once
  await expect(dialog.filter({ hasText: text })).toBeHidden();
}

async function captchaLogin(page: Page, path: string, memId: string) {
  await dismissPopups(page);
  await login(page, path, memId);
}

const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function openCreate(page: Page) {
  await page.getByTestId('open-create').click();
  await expect(page.getByTestId('create-popup')).toBeVisible();
}

async function fillMember(page: Page, memId: string, memNick: string) {
  const form = page.getByTestId('member-form');
  await form.locator('input[name=memId]').fill(memId);
  await form.getByTestId('check-id').click();
  await expect(form.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await form.locator('input[name=memPass]').fill('secret12');
  await form.locator('input[name=memPassCheck]').fill('secret12');
  await form.locator('input[name=memNick]').fill(memNick);
  await form.getByTestId('check-nick').click();
  await expect(form.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
  await form.locator('input[name=memPhone]').fill(`010-${digits(4)}-${digits(4)}`);
  await form.locator('input[name=memName]').fill('홍길동');
  await form.locator('select[name=bank]').selectOption({ index: 1 });
  await form.locator('input[name=bankacc]').fill(digits(12));
  await form.locator('input[name=cashOutPass]').fill('123456');
  await expect(form.locator('input[name=cashOutPass]')).toHaveValue('1234');
}

async function newPage(browser: Browser, info: TestInfo) {
  const ctx = await browser.newContext(info.project.use);
  return ctx.newPage();
}

test('ptn3 manages its downline: tree, member detail, give, members, a group and a lower partner the operator approves', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const id = `${tag(info)}${stamp()}`;
  await captchaLogin(page, '/demo/login', 'ptn3');
  await expect(page).toHaveURL(/\/demo\/partnerMain$/);
  await expect(page.getByTestId('summary-cards')).toBeVisible();
  await expect(page.getByTestId('stat-in')).toContainText(/건/);
  await page.screenshot({ path: shot(info, 'dashboard'), fullPage: true });
  // a reload: the page's HTML itself asks for the figures, in one request; the app takes every answer and asks none again
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(v2\/main|main\/nt|early)\//.test(r.url())) asked.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expect(page.getByTestId('stat-in')).toContainText(/건/);
  await expect(page.getByTestId('trend-in')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys((window as unknown as { __pitbossEarly?: object }).__pitbossEarly ?? { none: 1 }))).toEqual([]);
  expect(asked).toEqual(['/api/early/partnerMain']);

  // the tree: ptn3 on top, two levels opened
  await page.goto('/demo/partnerList');
  const tree = page.getByTestId('hierarchy-tree');
  const label = (id: string) => tree.getByRole('button', { name: new RegExp(`^\\S+ ${id}( \\(\\d+\\))?$`) });
  const expand = (id: string) => label(id).locator('xpath=..').getByRole('button', { name: '펼치기' }).click();
  await expect(label('ptn4')).toBeVisible();
  await expand('ptn4');
  await expect(label('ptn5')).toBeVisible();
  await expand('ptn5');
  await expect(label('ptn6')).toBeVisible();
  await label('ptn5').click();
  await expect(page.getByTestId('info-id')).toHaveText('ptn5');
  await page.screenshot({ path: shot(info, 'tree'), fullPage: true });

  // give money to a direct lower partner through the bottom sheet
  await label('ptn3').click();
  await expect(page.getByTestId('info-id')).toHaveText('ptn3');
  const lower = page.getByTestId('lower-partners');
  await lower.locator('li, tr').filter({ hasText: 'ptn4_nick' }).filter({ visible: true }).getByTestId('row-give').click();
  const sheet = page.getByTestId('give-retrieve-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('sheet-target')).toContainText('ptn4');
  await sheet.getByRole('button', { name: '+10,000', exact: true }).click();
  await page.screenshot({ path: shot(info, 'give-sheet') });
  // the action is pinned in the sheet's footer, outside its form
  await page.getByTestId('sheet-submit').click();
  await acceptDialog(page, /ptn4.*10,000.*지급하시겠습니까/);
  await expect(sheet).toBeHidden();
  await page.getByTestId('receipt-ok').click();

  // a member's detail from the member list
  await page.goto('/demo/partnerUserList');
  await expect(visible(page, 'row-detail').first()).toBeVisible();
  await visible(page, 'row-detail').first().click();
  await expect(page).toHaveURL(/\/demo\/userDetail\?id=/);
  await expect(page.getByTestId('info-tab')).toBeVisible();
  await page.getByRole('tab', { name: '최근접속' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: '머니변동' }).click();
  await expect(page).toHaveURL(/tab=cash/);
  await page.screenshot({ path: shot(info, 'detail-cash'), fullPage: true });

  // a single member, then a group of 3
  await openCreate(page);
  await page.getByTestId('create-member-submit').click();
  await acceptDialog(page, '아이디는 영문과 숫자 4~13자로 입력해 주세요.');
  await fillMember(page, `m${id}`, `n${id}`);
  await page.getByTestId('member-form').locator('input[name=memId]').fill(`m${id}x`);
  await expect(page.getByText('사용 가능한 아이디입니다.')).toBeHidden(); // the check resets on edit
  await page.getByTestId('create-member-submit').click();
  await acceptDialog(page, '아이디 중복확인을 해 주세요.');
  await page.getByTestId('check-id').click();
  await expect(page.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await page.screenshot({ path: shot(info, 'create-member') });
  await page.getByTestId('create-member-submit').click();
  await acceptDialog(page, '회원가입이 완료되었습니다.');
  await expect(page.getByTestId('create-popup')).toBeHidden();

  await openCreate(page);
  await page.getByRole('button', { name: '그룹 회원' }).click();
  const form = page.getByTestId('member-form');
  await form.locator('input[name=startNum]').fill('3');
  await form.locator('input[name=endNum]').fill('1');
  await form.locator('input[name=memId]').fill(`g${id}`);
  await form.getByTestId('check-id').click();
  await acceptDialog(page, '뒷 번호가 더 커야 합니다.');
  await form.locator('input[name=startNum]').fill('1');
  await form.locator('input[name=endNum]').fill('12');
  await form.getByTestId('check-id').click();
  await acceptDialog(page, '최대 10명까지 가입할 수 있습니다.');
  await form.locator('input[name=endNum]').fill('3');
  await fillMember(page, `g${id}`, `gn${id}`);
  await form.getByTestId('create-member-submit').click();
  await acceptDialog(page, '3명의 회원가입이 완료되었습니다.');

  await page.goto('/demo/partnerMemberList');
  await openFilters(page);
  await page.getByPlaceholder('아이디').fill(`g${id}`);
  await page.getByPlaceholder('아이디').press('Enter');
  for (const n of ['01', '02', '03']) await expect(page.getByText(`g${id}${n}`).filter({ visible: true })).toBeVisible();
  await page.screenshot({ path: shot(info, 'member-list'), fullPage: true });

  // a lower partner: a request the operator approves
  const pid = `q${id}`;
  await openCreate(page);
  await page.getByRole('tab', { name: '파트너', exact: true }).click();
  const pf = page.getByTestId('partner-form');
  await pf.locator('input[name=memId]').fill(pid);
  await pf.getByRole('button', { name: '중복확인' }).first().click();
  await expect(pf.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await pf.locator('input[name=memPass]').fill('secret12');
  await pf.locator('input[name=memNick]').fill(`pn${id}`);
  await pf.getByRole('button', { name: '중복확인' }).nth(1).click();
  await expect(pf.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
  await pf.locator('input[name=cashOutPass]').fill('1234');
  await pf.locator('select[name=bank]').selectOption({ index: 1 });
  await pf.locator('input[name=bankAcc]').fill(digits(12));
  await pf.locator('input[name=memName]').fill('김파트');
  await pf.locator('input[name=memPhone]').fill(`010-${digits(4)}-${digits(4)}`);
  await page.screenshot({ path: shot(info, 'create-partner') });
  await page.getByTestId('create-partner-submit').click();
  await acceptDialog(page, '하위 파트너 생성 신청이 완료되었습니다. 관리자 승인 후 가입이 완료됩니다.');

  const admin = await newPage(browser, info);
  await captchaLogin(admin, '/demo/admin/login', 'admin');
  await expect(admin.getByTestId('admin-home')).toBeVisible();
  await admin.goto('/demo/admin/partnerRequests');
  const row = admin.getByTestId('partner-requests').locator('li, tr').filter({ hasText: pid }).filter({ visible: true });
  await row.getByTestId('approve').click();
  await acceptDialog(admin, `${pid} 파트너 생성을 승인하시겠습니까?`);
  await acceptDialog(admin, '승인되었습니다.');
  await admin.screenshot({ path: shot(info, 'admin-requests'), fullPage: true });
  await admin.context().close();

  // the new partner is ptn3's own lower partner now
  await page.goto('/demo/partnerList');
  await expect(page.getByTestId('lower-partners').getByText(pid).filter({ visible: true })).toBeVisible();
});

test('a give from a member’s detail: two taps from the member list to the sheet, and a receipt in words', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await captchaLogin(page, '/demo/login', 'ptn7b');
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/partnerUserList');
  let taps = 0;
  const tap = async (l: ReturnType<Page['getByTestId']>) => (taps++, await l.click());
  const row = page.locator('li, tr').filter({ hasText: 'user13' }).filter({ visible: true });
  await tap(row.getByTestId('row-detail'));
  await expect(page).toHaveURL(/\/demo\/userDetail\?id=user13/);
  await tap(page.getByTestId('detail-give'));
  const sheet = page.getByTestId('give-retrieve-sheet');
  await expect(sheet).toBeVisible();
  expect(taps).toBeLessThanOrEqual(3);
  await expect(sheet.getByTestId('sheet-target')).toContainText('user13');
  const before = await page.getByTestId('detail-cash').innerText();
  await sheet.getByRole('button', { name: '+10,000', exact: true }).click();
  await page.screenshot({ path: shot(info, 'detail-give') });
  await page.getByTestId('sheet-submit').click();
  await acceptDialog(page, /user13.*10,000.*지급하시겠습니까/);
  // the receipt names the move in words, with no request code
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-kind')).toHaveText('보유금 지급');
  await expect(receipt).not.toContainText(/\b[0-9A-F]{8}\b/);
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^#\d+$/);
  await page.screenshot({ path: shot(info, 'detail-give-receipt') });
  await page.getByTestId('receipt-ok').click();
  // the detail's balance follows the move
  await expect(page.getByTestId('detail-cash')).not.toHaveText(before);
});

test('the member detail at 320 px: all eight tabs in view, each one tap away', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await captchaLogin(page, '/demo/login', 'ptn7b');
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/userDetail?id=user12');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(8);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320.5);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(info, `detail-tabs-320-${scheme}`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('tab', { name: '베팅내역' }).click();
  await expect(page).toHaveURL(/tab=bets/);
});

test.describe('the last-seen dashboard', () => {
  test.use(WITH_SERVICE_WORKER);
  // the app's code is held back at the network below: the service worker would serve it from its cache
  test.use({ serviceWorkers: 'block' });

  test("paints from the shell before the app's code runs, gives way to the app's page, and goes at sign-out", { tag: ONE_VIEWPORT }, async ({ page }, info) => {
    const copy = page.locator('#pitboss-last-paint');
    const kept = () => page.evaluate(() => localStorage.getItem('pitboss:demo:lastPaint'));
    await captchaLogin(page, '/demo/login', 'ptn3');
    await expect(page).toHaveURL(/\/demo\/partnerMain$/);
    await expect(page.getByTestId('stat-in')).toContainText(/\d/);
    // the card's week is in too (its chart no longer waiting): what leaving the page keeps
    await expect(page.getByTestId('stat-in').locator('[aria-busy="true"]')).toHaveCount(0);
    const shown = await page.getByTestId('stat-in').textContent();
    // leaving the page keeps it; the next start paints the copy, then the app's own page takes its place
    await page.reload();
    await expect(page.getByTestId('stat-in')).toContainText(/\d/);
    await expect(copy).toHaveCount(0);
    expect(JSON.parse((await kept())!)).toMatchObject({ memId: 'ptn3', path: '/demo/partnerMain' });

    // no code at all: what shows is the shell's copy, inert and hidden from assistive technology
    await page.route('**/assets/*.js', (r) => r.abort());
    await page.reload();
    await expect(copy.locator('[data-kept-testid="stat-in"]')).toHaveText(shown!);
    await expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(await copy.evaluate((e) => (e as HTMLElement).inert)).toBe(true);
    await expect(page.getByTestId('stat-in')).toHaveCount(0);
    await page.screenshot({ path: shot(info, 'last-paint') });

    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.getByTestId('stat-in')).toHaveText(shown!);
    await expect(copy).toHaveCount(0);

    // signing out drops the copy: the next start paints nothing of this member
    await page.getByRole('button', { name: '메뉴', exact: true }).click();
    await page.getByRole('navigation', { name: '메뉴' }).getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/demo\/login$/);
    expect(await kept()).toBeNull();
    await page.route('**/assets/*.js', (r) => r.abort());
    await page.goto('/demo/partnerMain');
    await expect(page.locator('#pitboss-boot')).toHaveCount(1);
    await expect(copy).toHaveCount(0);
  });
});
