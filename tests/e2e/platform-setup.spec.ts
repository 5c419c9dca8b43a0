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
      // the platform's password rule, said beside the field before anything is sent
      await accept.locator('input[name=password]').fill('lucky123!');
      await accept.locator('input[name=passwordCheck]').focus();
      await expect(accept).toContainText('비밀번호는 10~64자로 입력해 주세요.');
      await accept.locator('input[name=password]').fill('lucky-operator-1');
      await accept.locator('input[name=passwordCheck]').fill('lucky-operator-1');
      await expect(accept).not.toContainText('비밀번호는 10~64자로 입력해 주세요.');
      await at320(op, info, 'invite-accept');
      const captchaAnswered = op.waitForResponse((r) => r.url().endsWith('/api/member/captcha'));
      await accept.getByRole('button', { name: '계정 만들기' }).click();
      await expect(op.getByRole('alertdialog')).toContainText('계정이 만들어졌습니다');
      await op.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(op).toHaveURL(/\/lucky\/admin\/login\?id=boss1$/);
      await expect(op.locator('input[name=memId]')).toHaveValue('boss1');
      const captcha = await (await captchaAnswered).json().catch(() => null);
      const captchaId = (captcha as { data?: { captchaId?: string } } | null)?.data?.captchaId;
      expect(captchaId).toBeTruthy();
      await op.locator('input[name=memPass]').fill('lucky-operator-1');
      await op.locator('#captcha').fill(await captchaAnswer(server.dbUrl, captchaId!));
      await op.getByRole('button', { name: '로그인', exact: true }).click();
      // the first sign-in offers two-factor before the console; the device check (proof of work)
      // of a production start runs first: it takes its time on a busy machine
      const offer = op.getByTestId('otp-offer');
      await expect(offer.getByRole('heading', { name: '2단계 인증을 켜세요' })).toBeVisible({ timeout: 120_000 });
      await expect(offer.getByTestId('otp-offer-later')).toBeVisible();
      await narrowAndDark(op, info, 'otp-offer');
      await at320(op, info, 'otp-offer');
      await offer.locator('input[name=otpOfferPass]').fill('lucky-operator-1');
      await offer.getByTestId('otp-offer-now').click();
      const otpSecret = (await offer.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
      await offer.locator('input[name=otpCode]').fill(await generate({ secret: otpSecret, epoch: Math.floor(Date.now() / 1000) }));
      await offer.getByRole('button', { name: '확인', exact: true }).click();
      await expect(offer.getByTestId('otp-recovery')).toBeVisible();
      await offer.getByRole('button', { name: '적어 두었습니다' }).click();
      await expect(op).toHaveURL(/\/lucky\/admin\/?$/);
      // the link is spent: opened again it says so
      await op.goto(invite);
      await expect(op.getByTestId('invite-invalid')).toContainText('초대 링크가 유효하지 않습니다');
      await operator.close();

      // the owner makes a fresh invitation from lucky's page: lucky has an operator, so it says one more is made
      await page.goto(`${server.base}/platform/sites/lucky`);
      const invitations = page.getByTestId('site-invitations');
      await expect(invitations).toContainText('운영자 계정 1개가 있습니다.');
      await invitations.getByTestId('fresh-invite').click();
      await expect(page.getByRole('alertdialog')).toContainText('이미 운영자가 1명 있습니다');
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      const fresh = await invitations.getByTestId('fresh-invite-link').innerText();
      expect(fresh).toMatch(new RegExp(`^${server.base}/lucky/admin/invite#[A-Za-z0-9_-]{40,}$`));
      await narrowAndDark(page, info, 'fresh-invite');
      await at320(page, info, 'fresh-invite');
      // the console lists it with its maker and revokes it: the link then says it is not valid
      await page.goto(`${server.base}/platform`);
      // the staff link made above is still open beside it
      const openList = page.getByTestId('open-invitations');
      await expect(openList.getByTestId('open-invitation')).toHaveCount(2);
      const luckyRow = openList.getByTestId('open-invitation').filter({ hasText: '/lucky 운영자 초대' });
      await expect(luckyRow).toContainText('만든 사람 owner');
      await narrowAndDark(page, info, 'open-invitations');
      await at320(page, info, 'open-invitations');
      await luckyRow.getByRole('button', { name: '취소' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(openList.getByTestId('open-invitation')).toHaveCount(1);
      await expect(openList).not.toContainText('/lucky 운영자 초대');
      const late = await page.context().newPage();
      await late.goto(fresh);
      await expect(late.getByTestId('invite-invalid')).toContainText('초대 링크가 유효하지 않습니다');
      await late.close();

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

      // a rotation keeps the old key for its overlap; the site's page stops it at once
      await detail.getByRole('button', { name: 'API 키 바꾸기' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(detail.getByTestId('new-key')).toBeVisible();
      await expect(detail.getByTestId('old-key')).toBeVisible();
      await detail.getByTestId('revoke-old-key').click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(detail.getByTestId('old-key')).toHaveCount(0);

      // a sandbox vendor credential for the kit: its secret shown once, to copy; listed; revoked at once
      const sandbox = detail.getByTestId('site-sandbox');
      await sandbox.getByTestId('sandbox-issue').click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      const sandboxSecret = await sandbox.getByTestId('sandbox-secret').innerText();
      expect(sandboxSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await expect(sandbox.getByTestId('sandbox-command')).toContainText(`--site ${server.base}/lucky --vendor sandbox-`);
      await expect(sandbox.getByTestId('sandbox-command')).toContainText(`--secret ${sandboxSecret} --player test-`);
      await sandbox.getByRole('button', { name: '비밀 키 복사' }).click();
      await expect(sandbox.getByRole('button', { name: '복사했습니다' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sandboxSecret);
      await expect(sandbox.getByTestId('sandbox-row')).toContainText('사용 중');
      await sandbox.screenshot({ path: info.outputPath('site-sandbox-412.png') });
      await sandbox.getByRole('button', { name: '막기' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
      await expect(sandbox.getByTestId('sandbox-row')).toContainText('막음');
      await expect(sandbox.getByTestId('sandbox-secret')).toHaveCount(0);
    } finally {
      await server.stop();
    }
  },
);
