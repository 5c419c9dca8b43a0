import { expect, test } from '@playwright/test';
import { acceptDialog, captchaLogin } from './support';

/** The operator makes a top-level partner at once from its console and finds it in the list; the home's first-day checklist reads the site. */
test('operator creates a top-level partner with rates and sees it in the list', async ({ page }, info) => {
  test.setTimeout(180_000);
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  const memId = `lp${n}`;
  await captchaLogin(page, '/demo/admin/login', 'admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await expect(page.getByTestId('first-day-firstPartner')).toHaveAttribute('data-done', 'true');
  await page.screenshot({ path: `tmp/screens/${info.project.name}-operator-home.png` });

  await page.goto('/demo/admin/partners');
  const screen = page.getByTestId('operator-partners');
  await expect(screen.locator('[data-testid="partner-row-ptn1"]:visible')).toBeVisible();
  await screen.getByTestId('partner-create-open').click();
  const form = page.getByTestId('partner-create');
  await form.locator('input[name="casino.pointRate"]').fill('1.5');
  await form.locator('input[name="casino.loseRate"]').fill('10');
  await form.locator('input[name="slot.pointRate"]').fill('3');
  await form.locator('input[name=memId]').fill(memId);
  await form.getByRole('button', { name: '중복확인' }).first().click();
  await form.locator('input[name=memPass]').fill('demo1234!');
  await form.locator('input[name=memNick]').fill(`${memId}n`);
  await form.getByRole('button', { name: '중복확인' }).nth(1).click();
  await form.locator('input[name=cashOutPass]').fill('1234');
  await form.locator('select[name=bank]').selectOption({ index: 1 });
  await form.locator('input[name=bankAcc]').fill(`77${n}`);
  await form.locator('input[name=memName]').fill('김대표');
  await form.locator('input[name=memPhone]').fill(`010-7${n.slice(0, 3)}-${n.slice(3)}`);
  await page.screenshot({ path: `tmp/screens/${info.project.name}-operator-partner-form.png` });
  await form.getByTestId('create-partner-submit').click();
  await acceptDialog(page, `파트너가 만들어졌습니다. 아이디: ${memId}`);
  const row = screen.locator(`[data-testid="partner-row-${memId}"]:visible`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('대표');
  await page.screenshot({ path: `tmp/screens/${info.project.name}-operator-partners.png` });
});
