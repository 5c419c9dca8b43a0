import { expect, test, type Page } from '@playwright/test';
import { dismissPopups, ONE_VIEWPORT, PASS, playerLogin } from './support';

// A refusal is said beside the field it concerns, before or as the form is sent, never in a dialog
// after the tap: the inquiry form, the signup's recommender and the sign-in captcha.

/** No modal dialog opened for the refusal. */
const noDialog = (page: Page) => expect(page.getByRole('alertdialog')).toBeHidden();

test('an inquiry with an empty title or content says so beside the field', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await dismissPopups(page);
  await playerLogin(page, 'user7');
  await page.goto('/demo/qnawrite');
  const title = page.locator('input[name=title]');
  const content = page.locator('textarea[name=content]');
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(title).toHaveAccessibleDescription('제목을 입력해 주세요.');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toBeFocused();
  await noDialog(page);
  // typing clears it; the next empty field speaks
  await title.fill('입금 확인 부탁드립니다');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(content).toHaveAccessibleDescription('내용을 입력해 주세요.');
  await expect(content).toBeFocused();
  await noDialog(page);
});

test("the signup's recommender is checked as the field is left, and its refusal stays beside it", { tag: ONE_VIEWPORT }, async ({ page }) => {
  await page.goto('/demo/signup');
  const rec = page.locator('input[name=recommenderId]');
  // a player's id takes no members: said when the field is left, before anything is sent
  await rec.fill('user1');
  await rec.blur();
  await expect(rec).toHaveAccessibleDescription('추천인은 존재하는 파트너 계정이어야 합니다.');
  await noDialog(page);
  // a partner's id: named beside the field
  await rec.fill('ptn7');
  await rec.blur();
  await expect(rec).toHaveAccessibleDescription(/^추천인 .+ \(ptn7\)$/);
  await expect(rec).not.toHaveAttribute('aria-invalid', 'true');
  // a form rule too is said beside its field, which takes the focus
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.locator('input[name=memId]')).toHaveAccessibleDescription('아이디는 영문과 숫자 4~13자로 입력해 주세요.');
  await expect(page.locator('input[name=memId]')).toBeFocused();
  await noDialog(page);
});

test('a wrong captcha is said under the captcha, which is cleared, refreshed and focused', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await page.goto('/demo/login');
  const image = page.getByRole('img', { name: '자동입력 방지 이미지' });
  await expect(image).toBeVisible();
  const first = await image.getAttribute('src');
  await page.locator('input[name=memId]').fill('ptn7');
  await page.locator('input[name=memPass]').fill(PASS);
  const captcha = page.locator('#captcha');
  await captcha.fill('5555');
  await captcha.press('Enter');
  await expect(captcha).toHaveAccessibleDescription('자동입력 방지코드를 확인해 주세요.');
  await expect(captcha).toHaveValue('');
  await expect(captcha).toBeFocused();
  await expect(image).not.toHaveAttribute('src', first ?? '');
  await noDialog(page);
  // the right code signs in
  await captcha.fill('1234');
  await expect(captcha).not.toHaveAttribute('aria-invalid', 'true');
  await captcha.press('Enter');
  await expect(page).toHaveURL(/\/demo\/partnerMain$/);
});
