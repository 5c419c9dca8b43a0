import { expect, test, type TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { captchaLogin, dismissPopups, ONE_VIEWPORT } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-two-factor-${name}.png`;
/** A partner per project that no other spec signs in as: enrolling changes how it signs in. */
const partner = { pixel7: 'ptn2b', iphone14: 'ptn3b', desktop: 'ptn5b' } as const;
/** The code of the step after the current one (the server takes one step either side), so it is never the enrolment's own. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('a partner sets up two-factor sign-in and then signs in with a code', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  const memId = partner[info.project.name as keyof typeof partner] ?? partner.pixel7;
  await dismissPopups(page);
  await captchaLogin(page, '/demo/login', memId);
  await expect(page.getByTestId('partner-main')).toBeVisible();
  await page.goto('/demo/infoEdit');
  await page.locator('input[name=otpOnPass]').fill('demo1234!');
  await page.getByTestId('otp-start').click();
  const setup = page.getByTestId('otp-setup');
  await expect(setup.getByRole('img', { name: '2단계 인증 QR 코드' })).toBeVisible();
  const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
  await page.screenshot({ path: shot(info, 'setup'), fullPage: true });
  await setup.locator('input[name=otpCode]').fill(await generate({ secret }));
  await setup.getByRole('button', { name: '확인' }).click();
  const recovery = page.getByTestId('otp-recovery');
  await expect(recovery.locator('li')).toHaveCount(10);
  const codes = await recovery.locator('li').allInnerTexts();
  await page.screenshot({ path: shot(info, 'recovery'), fullPage: true });
  // copied in one tap, or saved as a text file
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await recovery.getByRole('button', { name: '복사' }).click();
  await expect(recovery.getByRole('button', { name: '복사했습니다' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes.join('\n'));
  const download = page.waitForEvent('download');
  await recovery.getByRole('button', { name: '파일로 저장' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
  const saved = await readFile((await file.path())!, 'utf8');
  for (const code of codes) expect(saved).toContain(code.trim());
  await recovery.getByRole('button', { name: '적어 두었습니다' }).click();
  await expect(page.getByTestId('otp-on')).toContainText('10');

  // a new browser: the password, then the code on the same screen
  const other = await dismissPopups(await (await browser.newContext(info.project.use)).newPage());
  await captchaLogin(other, '/demo/login', memId);
  const step = other.getByTestId('otp-login');
  await expect(step).toBeVisible();
  await step.locator('input[name=otpCode]').fill('000000');
  await step.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(step).toContainText('인증 코드가 올바르지 않습니다');
  await other.screenshot({ path: shot(info, 'code'), fullPage: true });
  await step.locator('input[name=otpCode]').fill(await nextCode(secret));
  await step.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(other.getByTestId('partner-main')).toBeVisible();
});
