import { expect, test, type TestInfo } from '@playwright/test';
import { dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

const players: Record<string, string> = { pixel7: 'user13', iphone14: 'user14', desktop: 'user15' };
const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-game-session-${name}.png`;

test(
  'a newer login elsewhere signs the app out and closes the game open in it; the old launch token pays no further spin',
  { tag: ONE_VIEWPORT },
  async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    await dismissPopups(page);
    const memId = players[info.project.name] ?? 'user13';
    await playerLogin(page, memId);
    await page.getByRole('button', { name: /럭키 세븐/ }).click();
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('game-page')).toHaveAttribute('data-kind', 'slot');
    await game.getByTestId('spin').click();
    await expect(game.getByTestId('slot-result')).toHaveAttribute('data-spins', '1');
    const token = new URL((await page.getByTestId('game-frame').getAttribute('src')) ?? '', page.url()).searchParams.get('t');
    expect(token).toBeTruthy();

    // the same id logs in on another device
    const other = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
    await playerLogin(other, memId);

    // the app learns it within its 5-second check, signs out with the alert, and the game closes with it
    await expect(page.getByRole('alertdialog')).toContainText('다른 곳에서 같은 아이디로 로그인하여 로그아웃되었습니다.', { timeout: 15_000 });
    await expect(page.getByTestId('game-view')).toBeHidden();
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
    await page.screenshot({ path: shot(info, 'signed-out'), animations: 'disabled' });
    // the old session's launch token ended with it: the server pays no further spin (TK999)
    const spin = await page.request.post('/api/demo-vendor/slot/spin', { data: { t: token, bet: 1000 } });
    expect((await spin.json()).resultCode).toBe('TK999');
    await other.context().close();
  },
);
