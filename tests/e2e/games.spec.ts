import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { acceptDialog, dismissPopups, ONE_VIEWPORT, playerLogin } from './support';

/** One player per project so the three projects can share the database. */
const players: Record<string, string> = { pixel7: 'user7', iphone14: 'user8', desktop: 'user9' };
const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-games-${name}.png`;
const money = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** Taps a game tile in the lobby: the game opens full screen inside the app (no new tab); returns its frame. */
async function launch(page: Page, gameName: string, kind: string) {
  const pages = page.context().pages().length;
  await page.getByRole('button', { name: new RegExp(gameName) }).click();
  const view = page.getByTestId('game-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('game-view-bar')).toContainText(gameName);
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('game-page')).toHaveAttribute('data-kind', kind);
  expect(page.context().pages()).toHaveLength(pages);
  return game;
}

/** The balance a demo vendor call answered with (the last of `path` after `act`). */
async function answeredBalance(page: Page, path: string, act: () => Promise<unknown>) {
  const answer = page.waitForResponse((r) => r.url().includes(path));
  await act();
  return ((await (await answer).json()) as { data: { balance: number } }).data.balance;
}

/** The view's live balance: the figure in its bar. */
const viewBalance = async (page: Page) => money(await page.getByTestId('game-view-balance').innerText());

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('a player plays slot, baccarat and sports from the lobby and finds the bets in the history', async ({ page }, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name !== 'desktop';
  await playerLogin(page, players[info.project.name] ?? 'user7');
  const lobby = page.getByTestId('game-lobby');
  await expect(lobby.getByTestId('games-slot')).toBeVisible();
  await expect(lobby.getByTestId('games-casino')).toBeVisible();
  await page.screenshot({ path: shot(info, 'lobby'), fullPage: true, animations: 'disabled' });

  // slot: a few spins in the in-app view; its bar follows the balance after each bet, then close returns to the lobby
  const before = money(await page.getByTestId('cash').innerText());
  const slot = await launch(page, '럭키 세븐', 'slot');
  const frameBox = await page.getByTestId('game-frame').boundingBox();
  expect(frameBox?.width).toBe(page.viewportSize()?.width);
  expect(await viewBalance(page)).toBe(before);
  let slotBalance = before;
  for (let i = 1; i <= 3; i++) {
    slotBalance = await answeredBalance(page, '/api/demo-vendor/slot/spin', () => slot.getByTestId('spin').click());
    await expect(slot.getByTestId('slot-result')).toHaveAttribute('data-spins', String(i));
    await expect.poll(() => viewBalance(page)).toBe(slotBalance);
  }
  expect(before).toBeGreaterThan(0);
  await page.screenshot({ path: shot(info, 'slot'), animations: 'disabled' });
  if (info.project.name === 'pixel7') {
    // the in-app view at the phone's width and at 320 px, light and dark: the bar fits and nothing scrolls sideways
    for (const [width, height] of [
      [412, 839],
      [320, 568],
    ]) {
      await page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.getByTestId('game-view-balance')).toBeInViewport({ ratio: 1 });
        expect(await slot.locator('html').evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot(info, `slot-${width}-${scheme}`), animations: 'disabled' });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 412, height: 839 });
  }
  await page.getByTestId('game-view-close').click();
  await expect(page.getByTestId('game-view')).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/main$/);
  await expect(page.getByTestId('game-lobby')).toBeVisible();
  await expect(page.getByTestId('cash')).toHaveText(`${slotBalance.toLocaleString('en-US')}원`);

  // sports: a two-leg parlay; the slip shows the combined odds floored to 2 decimals
  const sports = await launch(page, '스포츠북', 'sports');
  const events = sports.getByTestId('sport-event');
  await expect(events.first()).toBeVisible();
  // the two latest of the listed fixtures: the soonest may kick off (and stop taking bets) before the slip is sent
  const listed = await events.count();
  const oddsOf = (fromEnd: number) => events.nth(listed - fromEnd).getByRole('button');
  await oddsOf(1).first().click();
  await oddsOf(2).last().click();
  await sports.getByTestId('slip-bar').click();
  const slip = sports.getByTestId('bet-slip');
  await slip.getByRole('tab', { name: /다폴/ }).click();
  await slip.getByLabel('베팅금액').fill('1000');
  const odds = Number(await slip.getByTestId('slip-odds').innerText());
  expect(money(await slip.getByTestId('slip-win').innerText())).toBe(Math.floor(1000 * odds + 1e-9));
  await page.screenshot({ path: shot(info, 'sports-slip'), animations: 'disabled' });
  await slip.getByRole('button', { name: '베팅하기' }).click();
  await acceptDialog(sports, '1건의 베팅이 완료되었습니다.');
  // the phone's back button closes the game, not the lobby
  await page.goBack();
  await expect(page.getByTestId('game-view')).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/main$/);

  // baccarat (transfer wallet): cash moves to game money at launch; one hand with result cards
  const bac = await launch(page, '바카라 A', 'baccarat');
  await expect(page.getByTestId('cash')).toHaveText('0원');
  await expect(page.getByTestId('game-view-bar')).toContainText('게임머니');
  await bac.getByTestId('spot-player').click();
  await bac.getByTestId('spot-player').click();
  const gameMoney = await answeredBalance(page, '/api/demo-vendor/baccarat/deal', () => bac.getByTestId('deal').click());
  await expect(bac.getByTestId('baccarat-result')).toHaveAttribute('data-result', /player|banker|tie/);
  await expect(bac.getByTestId('baccarat-payout')).toBeVisible();
  await expect.poll(() => viewBalance(page)).toBe(gameMoney);
  await page.screenshot({ path: shot(info, 'baccarat'), animations: 'disabled' });
  // Escape in the game (the frame has the focus) closes it too
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('game-view')).toBeHidden();

  // integrated money: game money back to cash after a confirmation
  await expect.poll(async () => money(await page.getByTestId('game-money').innerText())).toBe(gameMoney);
  await page.getByTestId('convert-game-money').click();
  await acceptDialog(page, '게임머니를 보유머니로 전환하시겠습니까?');
  // its receipt: the amount moved, from where, when and the action's reference
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-title')).toHaveText('게임머니를 보유머니로 옮겼어요');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText(`${gameMoney.toLocaleString('en-US')}원`);
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('모든 게임사의 게임머니');
  await expect(receipt.getByTestId('receipt-reference')).not.toBeEmpty();
  await page.screenshot({ path: shot(info, 'convert') });
  // "내역 보기": the money history with the transfer's row marked (its reference is the receipt's)
  const reference = await receipt.getByTestId('receipt-reference').innerText();
  await receipt.getByTestId('receipt-history').click();
  await expect(page).toHaveURL(/\/demo\/moveList$/);
  const marked = page.locator('[data-testid="cash-moves"] [data-fresh]:visible');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('게임머니 전환');
  await expect(marked).toContainText(`+${gameMoney.toLocaleString('en-US')}원`);
  await expect(marked).toContainText(reference);
  await page.screenshot({ path: shot(info, 'convert-history') });
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/main$/);
  await expect(page.getByTestId('cash')).toHaveText(`${gameMoney.toLocaleString('en-US')}원`);
  await expect(page.getByTestId('game-money')).toHaveText('0원');

  // bet history: the new bets with their labels; a baccarat bet's detail shows the cards
  await page
    .getByRole('link', { name: /베팅내역/ })
    .first()
    .click();
  const history = page.getByTestId('bet-history');
  await expect(history).toBeVisible();
  const rows = phone ? history.getByTestId('bet-card') : history.locator('tbody tr');
  // newest first: the hand, the parlay (open until its events end), then the three spins
  const hand = rows.nth(0);
  await expect(hand).toContainText('바카라 A');
  // results in words from the catalogue, never the enum names
  await expect(hand.getByTestId('bet-result')).toHaveText(/^(당첨|낙첨|무승부)$/);
  await expect(hand).not.toContainText(/PASS|FAIL|TIE/);
  await expect(rows.nth(1)).toContainText('스포츠북');
  await expect(rows.nth(1).getByTestId('bet-result')).toHaveText('대기');
  for (const i of [2, 3, 4]) await expect(rows.nth(i)).toContainText('럭키 세븐');
  await page.screenshot({ path: shot(info, 'history'), fullPage: true, animations: 'disabled' });
  await (phone ? hand.click() : hand.getByRole('button', { name: '상세' }).click());
  const detail = page.getByTestId('bet-detail');
  await expect(detail.getByRole('listitem', { name: /spades|hearts|diamonds|clubs/ }).first()).toBeVisible();
  await page.screenshot({ path: shot(info, 'bet-detail') });
});

test('integrated money while a baccarat round is still open: the server warning, then fail', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  await playerLogin(page, players[info.project.name] ?? 'user7');
  const bac = await launch(page, '바카라 A', 'baccarat');
  // the stake is placed but the deal never reaches the vendor: the round stays open
  await page.route('**/api/demo-vendor/baccarat/deal', (r) => r.abort());
  await bac.getByTestId('spot-player').click();
  await bac.getByTestId('deal').click();
  await acceptDialog(bac, '통신이 지연되고 있습니다');
  await page.getByTestId('game-view-close').click();
  await page.getByTestId('convert-game-money').click();
  await acceptDialog(page, '게임머니를 보유머니로 전환하시겠습니까?');
  // the refusal is said once, translated, in the result sheet (no second modal with the server's English)
  const result = page.getByTestId('convert-result');
  await expect(result).toHaveAttribute('data-state', 'fail');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(result).toContainText('게임 종료를 확인 중입니다');
  await page.screenshot({ path: shot(info, 'convert-fail') });
  await result.getByRole('button', { name: '확인' }).click();
  await expect(result).toBeHidden();
});
