import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { ONE_VIEWPORT } from './support';
import { at320, captchaAnswer, luckyLogo, narrowAndDark, nextCode, productionStart } from './production';

test(
  'a production first start: setup link -> owner with two-factor -> opens lucky -> its operator signs in; lucky installs as its own app',
  { tag: ONE_VIEWPORT },
  async ({ page }, info) => {
    test.setTimeout(360_000);
    const server = await productionStart();
    try {
      // no site yet: a site address says so
      await page.goto(`${server.base}/lucky`);
      await expect(page.getByTestId('not-set-up')).toBeVisible();
      await narrowAndDark(page, info, 'not-set-up');

      await page.goto(server.link);
      const account = page.getByTestId('setup-account');
      await account.locator('input[name=loginId]').fill('owner');
      await account.locator('input[name=password]').fill('a long owner password');
      await account.locator('input[name=passwordCheck]').fill('a long owner password');
      await narrowAndDark(page, info, 'setup-account');
      await account.getByRole('button', { name: '다음' }).click();

      const setup = page.getByTestId('otp-setup');
      await expect(setup.getByRole('img', { name: '2단계 인증 QR 코드' })).toBeVisible();
      const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
      await setup.locator('input[name=otpCode]').fill('000000');
      await setup.getByRole('button', { name: '확인' }).click();
      await expect(setup).toContainText('인증 코드가 올바르지 않습니다');
      await setup.locator('input[name=otpCode]').fill(await generate({ secret }));
      await narrowAndDark(page, info, 'setup-otp');
      await setup.getByRole('button', { name: '확인' }).click();
      const recovery = page.getByTestId('otp-recovery');
      await expect(recovery.locator('li')).toHaveCount(10);
      await recovery.getByRole('button', { name: '적어 두었습니다' }).click();

      await expect(page).toHaveURL(/\/platform\/login$/);
      await page.locator('input[name=loginId]').fill('owner');
      await page.locator('input[name=password]').fill('a long owner password');
      await page.locator('input[name=otpCode]').fill(await nextCode(secret));
      await narrowAndDark(page, info, 'login');
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      const home = page.getByTestId('platform-home');
      await expect(home).toContainText('아직 사이트가 없습니다.');
      await narrowAndDark(page, info, 'home');

      // the owner makes a staff link (shown once); it opens the staff sign-up with its authenticator
      const staff = page.getByTestId('platform-staff');
      await expect(staff).toContainText('owner · 소유자');
      await staff.getByRole('button', { name: '직원 초대' }).click();
      const staffLink = await staff.getByTestId('staff-link').innerText();
      expect(staffLink).toMatch(new RegExp(`^${server.base}/platform/join#[A-Za-z0-9_-]{40,}$`));
      const joining = await page.context().newPage();
      await joining.goto(staffLink);
      await expect(joining.getByRole('heading', { name: '플랫폼 직원 가입' })).toBeVisible();
      await expect(joining.getByTestId('setup-account')).toBeVisible();
      await narrowAndDark(joining, info, 'staff-join');
      await at320(joining, info, 'staff-join');
      await joining.close();

      // the link is used: opened again it says so
      await page.goto(server.link);
      await expect(page.getByTestId('setup-invalid')).toContainText('설정 링크가 유효하지 않습니다');

      // the owner opens lucky, a reserved address refused beside the field first
      await page.goto(`${server.base}/platform`);
      await page.getByRole('link', { name: '사이트 열기' }).click();
      const open = page.getByTestId('open-site');
      await open.locator('input[name=prefix]').fill('api');
      await open.locator('input[name=name]').click();
      await expect(open).toContainText('이 주소는 쓸 수 없습니다');
      await open.locator('input[name=prefix]').fill('lucky');
      await open.locator('input[name=name]').fill('Lucky Casino');
      await open.locator('input[name=shortName]').fill('Lucky');
      await open.locator('input[name=logo]').setInputFiles({ name: 'lucky.png', mimeType: 'image/png', buffer: await luckyLogo() });
      await open.locator('input[name=bank]').fill('KB국민은행');
      await open.locator('input[name=accountNo]').fill('123-456-7890');
      await open.locator('input[name=holder]').fill('럭키');
      await open.locator('input[name=sns1]').fill('Telegram');
      await open.locator('input[name=sns1Link]').fill('https://t.me/lucky');
      await at320(page, info, 'open-site');
      await open.getByRole('button', { name: '사이트 열기' }).click();
      const opened = page.getByTestId('site-opened');
      await expect(opened).toBeVisible();
      const invite = await page.getByTestId('invite-link').innerText();
      expect(invite).toMatch(new RegExp(`^${server.base}/lucky/admin/invite#[A-Za-z0-9_-]{40,}$`));
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await opened.getByRole('button', { name: '링크 복사' }).click();
      await expect(opened.getByRole('button', { name: '복사했습니다' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invite);
      await at320(page, info, 'site-opened');
      await page.getByRole('link', { name: '사이트 목록으로' }).click();
      await expect(page.getByTestId('platform-home')).toContainText('/lucky');

      // the operator takes the invitation in a browser of their own, then signs in to an empty console
      const operator = await page
        .context()
        .browser()!
        .newContext({ ...info.project.use });
      const op = await operator.newPage();
      await op.goto(invite);
      const accept = op.getByTestId('invite-accept');
      await expect(op.getByRole('heading', { name: 'Lucky Casino' })).toBeVisible();
      await accept.locator('input[name=memId]').fill('boss1');
      await accept.locator('input[name=password]').fill('lucky123!');
      await accept.locator('input[name=passwordCheck]').fill('lucky123!');
      await at320(op, info, 'invite-accept');
      const captchaAnswered = op.waitForResponse((r) => r.url().endsWith('/api/member/captcha'));
      await accept.getByRole('button', { name: '계정 만들기' }).click();
      await expect(op).toHaveURL(/\/lucky\/admin\/login$/);
      const captcha = await (await captchaAnswered).json().catch(() => null);
      const captchaId = (captcha as { data?: { captchaId?: string } } | null)?.data?.captchaId;
      expect(captchaId).toBeTruthy();
      await op.locator('input[name=memId]').fill('boss1');
      await op.locator('input[name=memPass]').fill('lucky123!');
      await op.locator('#captcha').fill(await captchaAnswer(server.dbUrl, captchaId!));
      await op.getByRole('button', { name: '로그인', exact: true }).click();
      // the device check (proof of work) of a production start runs first: it takes its time on a busy machine
      await expect(op).toHaveURL(/\/lucky\/admin\/?$/, { timeout: 120_000 });
      // the link is spent: opened again it says so
      await op.goto(invite);
      await expect(op.getByTestId('invite-invalid')).toContainText('초대 링크가 유효하지 않습니다');
      await operator.close();

      // a player's lucky installs as lucky: its page links lucky's manifest, with lucky's name, icon and scope
      await page.goto(`${server.base}/lucky`);
      await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', /^\/lucky\/manifest\.webmanifest/);
      const manifest = await (await page.request.get(`${server.base}${await page.locator('link[rel=manifest]').getAttribute('href')}`)).json();
      expect(manifest).toMatchObject({ name: 'Lucky Casino', short_name: 'Lucky', scope: '/lucky/', start_url: '/lucky/', id: '/lucky/' });
      const icon = (manifest.icons as { src: string; sizes: string }[]).find((i) => i.sizes === '512x512')!;
      expect(icon.src).toMatch(/^\/lucky\//);
      const png = await page.request.get(`${server.base}${icon.src}`);
      expect(png.headers()['content-type']).toBe('image/png');
      await expect(page).toHaveTitle(/Lucky Casino/);

      // the owner holds lucky from its page in the console: its players see why (a page opened in the
      // same browser too, which has lucky saved from before), and it comes back
      await page.goto(`${server.base}/platform`);
      await page.getByRole('link', { name: '/lucky' }).click();
      const detail = page.getByTestId('platform-site');
      await expect(detail).toContainText('운영 중');
      await at320(page, info, 'site-detail');
      await detail.getByRole('button', { name: '운영 중지' }).click();
      await page.getByRole('button', { name: '확인' }).click();
      await expect(detail).toContainText('중지됨');
      await expect(detail.getByRole('button', { name: '운영 재개' })).toBeVisible();
      const player = await page.context().newPage();
      await player.goto(`${server.base}/lucky`);
      await expect(player.getByRole('heading', { name: '운영이 잠시 중지되었습니다' })).toBeVisible();
      await detail.getByRole('button', { name: '운영 재개' }).click();
      await page.getByRole('button', { name: '확인' }).click();
      await expect(detail).toContainText('운영 중');
      await player.reload();
      await expect(player.getByRole('heading', { name: '운영이 잠시 중지되었습니다' })).toHaveCount(0);
      await player.close();
    } finally {
      await server.stop();
    }
  },
);
