import { expect, test } from '@playwright/test';
import { dismissPopups, ONE_VIEWPORT, playerLogin, WITH_SERVICE_WORKER } from './support';

test.use(WITH_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('the account screen offers notifications; the service worker shows a push, and a tap opens its screen', { tag: ONE_VIEWPORT }, async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  // a player no other spec signs in (a second login signs the first out)
  await playerLogin(page, 'user16');
  await page.goto('/demo/infoEdit');
  await expect(page.getByTestId('push').getByRole('button', { name: '이 기기 알림 켜기' })).toBeVisible();
  // a new device asks the current password first
  await expect(page.getByTestId('push').getByRole('button', { name: '이 기기 알림 켜기' })).toBeDisabled();
  await page.getByTestId('push').getByLabel('현재 비밀번호').fill('demo1234!');
  await expect(page.getByTestId('push').getByRole('button', { name: '이 기기 알림 켜기' })).toBeEnabled();
  // `ready` resolves while the worker is still activating; a push is only handled once it is activated
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');

  // a push as the push service would deliver it, straight to the worker
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted);
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  // the site's own icon, as the server names it: the one its installed app wears
  const icon = ((await (await page.request.get('/demo/manifest.webmanifest')).json()) as { icons: { src: string }[] }).icons[0]!.src;
  expect(icon).toMatch(/^\/demo\/icons\/icon-192\./);
  const payload = { title: '문의 답변', body: '문의하신 내용에 답변이 등록되었습니다.', url: '/demo/qnaread/1', tag: 'answer', icon };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });

  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
        icon: new URL(n.icon).pathname,
        // Chromium has it; TypeScript's DOM types do not
        badge: new URL((n as Notification & { badge: string }).badge).pathname,
      }));
    });
  await expect.poll(shown).toEqual([{ ...payload, badge: '/icons/badge-96.png' }]);

  // a tap: the worker's notificationclick handler with the shown notification brings the open window
  // to its screen (a window the worker controls, as every visit after the first is)
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/demo\/qnaread\/1$/);
  await expect.poll(shown).toEqual([]);
});
