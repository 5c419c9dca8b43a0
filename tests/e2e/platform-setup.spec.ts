import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { productionSecrets } from '../../src/server/config';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { ONE_VIEWPORT } from './support';

const shot = (info: TestInfo, name: string) => `tmp/screens/${info.project.name}-platform-${name}.png`;

/** The secrets a production start needs outside the database, fresh for this start. */
function productionSecretsEnv(): NodeJS.ProcessEnv {
  const vapid = webpush.generateVAPIDKeys();
  const name = (n: string) => `PITBOSS_SECRET_${n.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  return {
    ...Object.fromEntries(productionSecrets.map((s) => [name(s.name), randomBytes(32).toString('base64url')])),
    PITBOSS_SECRET_VAPID_PUBLIC: vapid.publicKey,
    PITBOSS_SECRET_VAPID_PRIVATE: vapid.privateKey,
  };
}

/** A production start of the built app on an empty database, as a deployment runs it: no test setting. */
async function productionStart(): Promise<{ base: string; link: string; stop(): void }> {
  const port = 4300 + Math.floor(Math.random() * 500);
  const dataDir = `tmp/e2e-platform-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync('tmp', { recursive: true });
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_')));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), PITBOSS_DATA: dataDir, LOG_LEVEL: 'warn', ...productionSecretsEnv() },
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let out = '';
  const link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no setup link: ${out}`)), 180_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/\S+\/platform\/setup#\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { base: `http://localhost:${port}`, link: link.replace(/^http:\/\/[^/]+/, `http://localhost:${port}`), stop };
}

/** The step after the current one (the server takes one step either side), so it is never the setup's own code. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function narrowAndDark(page: Page, info: TestInfo, name: string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: shot(info, `${name}-light`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 320, height: size.height });
  await page.screenshot({ path: shot(info, `${name}-320-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

test('a production first start: setup link -> owner with two-factor -> console home', { tag: ONE_VIEWPORT }, async ({ page }, info) => {
  test.setTimeout(240_000);
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

    // the link is used: opened again it says so
    await page.goto(server.link);
    await expect(page.getByTestId('setup-invalid')).toContainText('설정 링크가 유효하지 않습니다');
  } finally {
    server.stop();
  }
});
