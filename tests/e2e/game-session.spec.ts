import { expect, test, type TestInfo } from '@playwright/test';
import { dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

const players: Record<string, string> = { pixel7: 'user13', iphone14: 'user14', desktop: 'user15' };
const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-game-session-${name}.png`;

test('a newer login elsewhere signs the main tab out; the game tab is not signed out but its spins end', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await dismissPopups(page);
  const memId = players[info.project.name] ?? 'user13';
  await playerLogin(page, memId);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /Lucky Sevens/ }).click();
  const game = await opened;
  await expect(game.getByTestId('game-page')).toHaveAttribute('data-kind', 'slot');
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('slot-result')).toHaveAttribute('data-spins', '1');

  // the same id logs in on another device
  const other = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
  await playerLogin(other, memId);

  // the main tab learns it within its 5-second check and signs out with the alert
  await expect(page.getByRole('alertdialog')).toContainText('다른 곳에서 같은 아이디로 로그인하여 로그아웃되었습니다.', { timeout: 15_000 });
  // the game tab ran the same checks meanwhile: no sign-out and no alert there
  await game.waitForTimeout(6_000);
  await expect(game).toHaveURL(/\/demo\/game\/demo-slot\//);
  await expect(game.getByRole('alertdialog')).toHaveCount(0);
  // but the old session's launch token ended with it: the server pays no further spin (TK999)
  const spin = game.waitForResponse((r) => r.url().includes('/api/demo-vendor/slot/spin'));
  await game.getByTestId('spin').click();
  expect((await (await spin).json()).resultCode).toBe('TK999');
  await expect(game.getByTestId('slot-result')).toHaveAttribute('data-spins', '1');
  await game.screenshot({ path: shot(info, 'game'), fullPage: true, animations: 'disabled' });
  await other.context().close();
});
