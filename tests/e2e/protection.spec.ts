import { expect, test, type TestInfo } from '@playwright/test';
import { captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

/** Users per project, so the projects can run against the same database. */
const users = { pixel7: 'user12', iphone14: 'user13', desktop: 'user14' } as const;
const pick = (info: TestInfo) => users[info.project.name as keyof typeof users] ?? 'user12';

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('a player sets a daily deposit limit, sees it at once, and a raise waits 24 hours', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await playerLogin(page, pick(info));
  await page.goto('/demo/my');
  await page.getByRole('link', { name: /건전한 게임 이용/ }).click();
  await expect(page.getByTestId('protection')).toBeVisible();
  const row = page.getByTestId('limit-deposit_day');
  await expect(row).toContainText('한도 없음');

  await row.getByRole('button', { name: '변경' }).click();
  const sheet = page.getByTestId('limit-sheet');
  await sheet.getByLabel('한도 금액').fill('300000');
  await expect(sheet).toContainText('한도를 낮추면 바로 적용됩니다.');
  await sheet.getByRole('button', { name: '저장' }).click();
  await expect(row).toContainText('300,000');
  await expect(row).not.toContainText('부터');

  await row.getByRole('button', { name: '변경' }).click();
  await sheet.getByLabel('한도 금액').fill('500000');
  await expect(sheet).toContainText('24시간 뒤에 적용됩니다');
  // a raise is a security change: the current password, and a wrong one is said beside it
  await expect(sheet.getByRole('button', { name: '저장' })).toBeDisabled();
  await sheet.getByLabel('현재 비밀번호').fill('wrong-pass1');
  await sheet.getByRole('button', { name: '저장' }).click();
  await expect(sheet).toContainText('현재 비밀번호가 올바르지 않습니다.');
  await sheet.getByLabel('현재 비밀번호').fill('demo1234!');
  await sheet.getByRole('button', { name: '저장' }).click();
  // still 300,000 now, with the raise and its time beside it
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}부터 500,000/);
  await expect(row).toContainText('300,000');
  await page.screenshot({ path: `tmp/screens/${info.project.name}-protection-limits.png`, fullPage: true });
});

test("the operator sees a player's limits on the member screen, read only", { tag: ONE_VIEWPORT }, async ({ browser }, info) => {
  const memId = pick(info);
  const player = await browser.newPage();
  await dismissPopups(player);
  await playerLogin(player, memId);
  await player.goto('/demo/protection');
  const row = player.getByTestId('limit-loss_week');
  await row.getByRole('button', { name: '변경' }).click();
  await player.getByTestId('limit-sheet').getByLabel('한도 금액').fill('200000');
  await player.getByTestId('limit-sheet').getByRole('button', { name: '저장' }).click();
  await expect(row).toContainText('200,000');
  await player.close();

  const page = await browser.newPage();
  await dismissPopups(page);
  await captchaLogin(page, '/demo/admin/login', 'admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.goto('/demo/admin/members');
  await page.getByPlaceholder('회원 아이디').fill(memId);
  await page.getByRole('button', { name: '조회' }).click();
  const facts = page.getByTestId('protection-facts');
  await expect(facts).toContainText('주간 손실 한도');
  await expect(facts).toContainText('200,000');
  await expect(facts.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: `tmp/screens/${info.project.name}-protection-operator.png`, fullPage: true });
  await page.close();
});

test("the reality check shows over a game in the app's game view: continue keeps the game, stop closes it", { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  // the page's clock runs on its own until moved: the check's interval is what this test moves past
  await page.clock.install();
  await playerLogin(page, pick(info));
  await page.goto('/demo/protection');
  const interval = page.getByLabel('게임 중 알림 간격');
  await interval.selectOption('15');
  await expect(interval).toHaveValue('15');
  await expect(interval).toBeEnabled();

  await page.goto('/demo/main');
  await page.getByRole('button', { name: /럭키 세븐/ }).click();
  await expect(page.getByTestId('game-view')).toBeVisible();
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('game-page')).toHaveAttribute('data-kind', 'slot');

  const check = page.getByTestId('reality-check');
  // the first check's figures never arrive (a dropped connection): the check asks again shortly
  // instead of a whole interval later
  let dropped = 0;
  await page.route('**/api/member/playSession', (route) => (dropped++ === 0 ? route.abort('connectionreset') : route.fallback()));
  // the check's timer starts once its lazy part and the player's fresh settings have loaded (a copy
  // restored from the last visit can come first, with the interval before this test's choice): the
  // clock moves only once the 15-minute one runs, most of the interval at once, then ten seconds at a
  // time (each move fires the page's own polls, and the 15 s timeout of a call under way, so a step
  // stays shorter than that) until the check is up
  await expect(check).toHaveAttribute('data-every', '15');
  await page.clock.fastForward('14:00');
  let afterDrop = 0;
  await expect(async () => {
    await page.clock.fastForward('00:10');
    if (dropped > 0) afterDrop++;
    await expect(check).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  // asked again within a minute or two of moved time, not fifteen minutes later
  expect(dropped).toBeGreaterThan(1);
  expect(afterDrop).toBeLessThanOrEqual(12);
  await expect(check).toContainText('이용 시간 알림');
  await expect(check).toContainText(/\d+시간 \d+분/);
  // the app's view shows it, above the frame; the framed page shows none of its own
  await expect(check).toBeInViewport({ ratio: 1 });
  await expect(game.getByTestId('reality-check')).toHaveCount(0);
  await page.screenshot({ path: `tmp/screens/${info.project.name}-protection-reality-game.png` });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(check).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `tmp/screens/${info.project.name}-protection-reality-game-320-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await check.getByRole('button', { name: '계속하기' }).click();
  await expect(check).toBeHidden();
  await expect(page.getByTestId('game-view')).toBeVisible();

  await page.clock.fastForward('15:00');
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: '게임 종료' }).click();
  await expect(page.getByTestId('game-view')).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/main$/);

  await page.goto('/demo/protection');
  await interval.selectOption('');
  await expect(interval).toHaveValue('');
});
