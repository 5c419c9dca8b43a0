import { expect, test, type Browser, type Page } from '@playwright/test';
import { cachePersisted, captchaLogin, dismissPopups, ONE_VIEWPORT, pageNow, PASS, WITH_SERVICE_WORKER } from './support';

/** Players of this spec, one set per project so projects sharing one server never meet (user1/user2 belong to the money tests). */
const players = {
  pixel7: { answer: 'user3', msg: 'user4', inspect: 'user5', offline: 'user6' },
  iphone14: { answer: 'user7', msg: 'user8', inspect: 'user9', offline: 'user10' },
  desktop: { answer: 'user12', msg: 'user13', inspect: 'user14', offline: 'user15' },
} as const;
const who = (project: string) => players[project as keyof typeof players] ?? players.pixel7;

/** Screens at the project's size, and on the phone project also at 320 px wide. */
async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `tmp/screens/${project}-${name}.png`, fullPage: true });
  if (project !== 'pixel7') return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 720 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `tmp/screens/w320-${name}.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The one alert/confirm dialog: checks its text and answers it. */
async function answerDialog(page: Page, text: string | RegExp, ok = true) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: ok ? '확인' : '취소' }).click();
  // closed, or already showing the next message (a confirm followed by its result)
  await expect(page.getByRole('alertdialog').filter({ hasText: text })).toHaveCount(0);
}

async function playerLogin(page: Page, memId: string) {
  await dismissPopups(page);
  await page.goto('/demo');
  await page.locator('input[name=memId]').fill(memId);
  await page.locator('input[name=memPass]').fill(PASS);
  await page.locator('input[name=memPass]').press('Enter');
  await expect(page).toHaveURL(/\/demo\/main$/);
}

/** The operator in a browser context of its own (desktop size). */
async function operator(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await captchaLogin(page, '/demo/admin/login', 'admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  return page;
}

/** Unread count shown by one line of the notice box (0 when the line is absent). */
async function noticeCount(page: Page, testId: string): Promise<number> {
  const line = page.getByTestId(testId);
  if (!(await line.isVisible())) return 0;
  return Number(await line.locator('span').last().textContent());
}

/** Clears the maintenance window through the API with the operator's own session (also used as cleanup). */
async function clearCheckWindow(admin: Page) {
  await admin.evaluate(async () => {
    const site = JSON.parse(localStorage.getItem('pitboss:demo:site') ?? '{}');
    const sess = JSON.parse(localStorage.getItem('pitboss:demo:session') ?? '{}');
    await fetch('/api/admin/site/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: site.apiKey, 'x-auth-token': sess.token },
      body: JSON.stringify({ siteId: site.siteId, startDate: null, endDate: null }),
    });
  });
}

test('an inquiry answered by the operator: the badge arrives live and opening it clears it', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  // the player's and the operator's sessions, one after another
  test.setTimeout(90_000);
  const project = info.project.name;
  const title = `문의 ${project} ${Date.now().toString(36)}`;
  await playerLogin(page, who(project).answer);
  const before = await noticeCount(page, 'notice-answer');

  await page.goto('/demo/qna');
  await expect(page.getByTestId('qna-list')).toBeVisible();
  // empty search text is refused
  await page.getByRole('button', { name: '검색' }).click();
  await answerDialog(page, '검색어를 입력해 주세요.');
  // delete selected needs a selection
  await page.getByRole('button', { name: '선택삭제' }).click();
  await answerDialog(page, '삭제할 문의를 선택해 주세요.');

  await page.getByRole('link', { name: '문의하기' }).click();
  await expect(page.getByTestId('qna-write')).toBeVisible();
  await expect(page.locator('select[name=faqType]')).toHaveValue('etc');
  // an empty field says so beside itself and takes the focus, no dialog
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page.locator('input[name=title]')).toHaveAccessibleDescription('제목을 입력해 주세요.');
  await expect(page.locator('input[name=title]')).toBeFocused();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await page.locator('input[name=title]').fill(title);
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page.locator('textarea[name=content]')).toHaveAccessibleDescription('내용을 입력해 주세요.');
  await expect(page.locator('textarea[name=content]')).toBeFocused();
  await page.locator('textarea[name=content]').fill('입금이 아직 반영되지 않았습니다.\n확인 부탁드립니다.');
  await page.getByRole('button', { name: '신청하기' }).click();
  await answerDialog(page, '등록되었습니다.');
  await expect(page).toHaveURL(/\/demo\/qna$/);
  const row = page.locator('li, tr').filter({ hasText: title }).locator('visible=true');
  await expect(row).toContainText('답변대기');
  await shot(page, 'qna', project);
  await page.goto('/demo/main');
  await expect(page.getByTestId('lobby')).toBeVisible();
  const cash = await page.getByTestId('cash').first().innerText();

  const admin = await operator(browser);
  await admin.goto('/demo/admin/inquiries?status=WAIT');
  await admin.getByRole('link', { name: title }).locator('visible=true').click();
  await expect(admin.getByTestId('admin-answer')).toContainText('확인 부탁드립니다.');
  // the asker's context beside the question: its balance now and its open cash requests
  const context = admin.getByTestId('inquiry-member');
  await expect(context).toContainText(who(project).answer);
  await expect(context.getByTestId('inquiry-member-cash')).toHaveText(cash);
  await expect(context.getByTestId('inquiry-member-requests')).toBeVisible();
  await admin.locator('textarea[name=reply]').fill('확인 후 처리해 드렸습니다.');
  await shot(admin, 'admin-answer', project);
  await admin.getByRole('button', { name: '답변 등록' }).click();
  await answerDialog(admin, '답변이 등록되었습니다.');
  // answered: the posted answer shows and the form is gone
  await expect(admin.getByTestId('admin-answer')).toContainText('확인 후 처리해 드렸습니다.');
  await expect(admin.locator('textarea[name=reply]')).toHaveCount(0);

  // the player sees it without reload, within 2 seconds
  await expect(page.getByTestId('notice-answer')).toBeVisible({ timeout: 2_000 });
  await expect.poll(() => noticeCount(page, 'notice-answer'), { timeout: 2_000 }).toBe(before + 1);
  await shot(page, 'notice-box', project);

  await page.getByTestId('notice-answer').click();
  await expect(page).toHaveURL(/\/demo\/qna$/);
  await expect(row).toContainText('답변완료');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('qna-read')).toBeVisible();
  await expect(page.getByTestId('qna-reply')).toContainText('확인 후 처리해 드렸습니다.');
  await expect(page.getByTestId('qna-content')).toContainText('확인 부탁드립니다.');
  await expect.poll(() => noticeCount(page, 'notice-answer'), { timeout: 3_000 }).toBe(before);
  await shot(page, 'qnaread', project);
  await admin.context().close();
});

test('messages: unread ones cannot be deleted, mark all read, opening marks read', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  const project = info.project.name;
  const memId = who(project).msg;
  const stamp = Date.now().toString(36);
  await playerLogin(page, memId);

  const admin = await operator(browser);
  await admin.goto('/demo/admin/messages');
  for (const n of [1, 2]) {
    await admin.locator('select[name=target]').selectOption('member');
    await admin.locator('input[name=memId]').fill(memId);
    await admin.locator('input[name=msgTitle]').fill(`쪽지 ${n} ${stamp}`);
    await admin.locator('textarea[name=msgDesc]').fill(`<p>안녕하세요 ${n}</p><p>둘째 줄</p>`);
    await admin.getByRole('button', { name: '보내기' }).click();
    await answerDialog(admin, '쪽지를 1명에게 보냈습니다.');
  }
  await expect(page.getByTestId('notice-msg')).toBeVisible({ timeout: 2_000 });
  await expect(page.getByTestId('inbox-badge')).toBeVisible();

  await page.getByTestId('notice-msg').click();
  await expect(page.getByTestId('msg-list')).toBeVisible();
  await expect(page.getByTestId('msg-total')).toContainText(/\d/);
  const first = page
    .locator('li, tr')
    .filter({ hasText: `쪽지 1 ${stamp}` })
    .locator('visible=true');
  const second = page
    .locator('li, tr')
    .filter({ hasText: `쪽지 2 ${stamp}` })
    .locator('visible=true');
  await expect(first).toBeVisible();

  await page.getByRole('button', { name: '선택삭제' }).click();
  await answerDialog(page, '삭제할 쪽지를 선택해 주세요.');
  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: '선택삭제' }).click();
  await answerDialog(page, '읽지 않은 쪽지는 삭제할 수 없습니다.');
  await expect(first).toBeVisible();
  await shot(page, 'msg', project);

  // opening marks it read
  await second.getByRole('link').click();
  await expect(page.getByTestId('msg-read')).toContainText(`쪽지 2 ${stamp}`);
  await expect(page.getByTestId('msg-content')).toContainText('둘째 줄');
  await shot(page, 'msgread', project);
  await page.getByRole('button', { name: '목록' }).click();
  await expect(second.getByLabel('새 쪽지')).toHaveCount(0);
  await expect(first.getByLabel('새 쪽지')).toHaveCount(1);

  await page.getByRole('button', { name: '모두 읽음' }).click();
  await answerDialog(page, '모든 쪽지를 읽음 처리하시겠습니까?');
  await answerDialog(page, '모든 쪽지를 읽음 처리했습니다.');
  await expect(first.getByLabel('새 쪽지')).toHaveCount(0);
  await expect(page.getByTestId('notice-msg')).toHaveCount(0);
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);

  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: '선택삭제' }).click();
  await answerDialog(page, '쪽지를 삭제하시겠습니까?');
  await answerDialog(page, '삭제되었습니다.');
  await expect(first).toHaveCount(0);
  await admin.context().close();
});

test('a maintenance window set now sends the online player to the warning page', { tag: ONE_VIEWPORT }, async ({ page, browser }, info) => {
  const project = info.project.name;
  await playerLogin(page, who(project).inspect);
  await expect(page.getByTestId('lobby')).toBeVisible();
  const admin = await operator(browser);
  try {
    await admin.goto('/demo/admin/site');
    await admin.getByRole('button', { name: '지금부터 1시간' }).click();
    await admin.getByRole('button', { name: '점검 시간 저장' }).click();
    await answerDialog(admin, '점검 시간이 저장되었습니다.');
    await expect(admin.getByTestId('check-state')).toContainText('점검 중');

    await expect(page).toHaveURL(/\/demo\/warning/, { timeout: 5_000 });
    await expect(page.getByTestId('warning')).toContainText('점검 중입니다');
    await expect(page.getByTestId('warning-window')).toContainText('KST');
    await shot(page, 'warning', project);
    // a fresh visit lands there too
    await page.goto('/demo/main');
    await expect(page).toHaveURL(/\/demo\/warning/);

    await admin.getByRole('button', { name: '점검 해제' }).click();
    await answerDialog(admin, '점검 시간을 해제하시겠습니까?');
    await answerDialog(admin, '점검 시간이 해제되었습니다.');
    await expect(admin.getByTestId('check-state')).toContainText('정상 운영');
  } finally {
    await clearCheckWindow(admin);
    await admin.context().close();
  }
});

test.describe(() => {
  test.use(WITH_SERVICE_WORKER);
  test('offline: the last-seen inbox and notice list are shown with their time', { tag: ONE_VIEWPORT }, async ({ page, context }, info) => {
    const project = info.project.name;
    await playerLogin(page, who(project).offline);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/demo/noticeList');
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(page.locator('a[href*="noticeRead"]').locator('visible=true').first()).toBeVisible();
    const noticeTitle = (await page.locator('a[href*="noticeRead"]').locator('visible=true').first().textContent()) ?? '';
    let asked = await pageNow(page);
    await page.locator('a[href*="noticeRead"]').locator('visible=true').first().click();
    await expect(page.getByTestId('notice-content')).not.toBeEmpty();
    await shot(page, 'noticeRead', project);
    await cachePersisted(page, 'demo', who(project).offline, asked); // before the full page load below
    asked = await pageNow(page);
    await page.goto('/demo/msg');
    await expect(page.locator('a[href*="msgread"]').locator('visible=true').first()).toBeVisible();
    const msgTitle = (await page.locator('a[href*="msgread"]').locator('visible=true').first().textContent()) ?? '';
    await cachePersisted(page, 'demo', who(project).offline, asked);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('msg-list')).toBeVisible();
    await expect(page.locator('a[href*="msgread"]').locator('visible=true').first()).toHaveText(msgTitle);
    await expect(page.getByTestId('last-seen')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 기준/);
    // writes are refused, never queued
    await page.getByRole('button', { name: '모두 읽음' }).click();
    await answerDialog(page, '모든 쪽지를 읽음 처리하시겠습니까?');
    await answerDialog(page, '오프라인 상태에서는 처리할 수 없습니다.');
    await shot(page, 'msg-offline', project);

    await page.goto('/demo/noticeList');
    await expect(page.getByTestId('notice-list')).toBeVisible();
    await expect(page.locator('a[href*="noticeRead"]').locator('visible=true').first()).toHaveText(noticeTitle);
    await expect(page.getByTestId('last-seen')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 기준/);
    await context.setOffline(false);
  });
});

/** Where a tap around each checkbox of `scope` lands that does not reach it: none when every one takes taps on a 44 px square. */
async function shortTargets(page: Page) {
  return page.evaluate(() => {
    const misses: string[] = [];
    for (const box of document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
      const r = box.getBoundingClientRect();
      if (!r.width) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      for (const [dx, dy] of [
        [-21, 0],
        [21, 0],
        [0, -21],
        [0, 21],
        [-20, -20],
        [20, 20],
        [-20, 20],
        [20, -20],
      ]) {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        const reaches = !!hit && (hit === box || (hit.closest('label') !== null && hit.closest('label') === box.closest('label')));
        if (!reaches) misses.push(`${box.getAttribute('aria-label') ?? box.closest('label')?.textContent ?? '?'} at ${dx},${dy}`);
      }
    }
    return misses;
  });
}

test('the board and inbox checkboxes take taps on a 44 px square', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await dismissPopups(page);
  await playerLogin(page, 'user15');
  for (const [path, list] of [
    ['/demo/qna', 'qna-list'],
    ['/demo/msg', 'msg-list'],
  ] as const) {
    await page.goto(path);
    // the site's popup opens over any screen once on a device, at its own moment: the handler closes
    // it before each look, and a look it covered is taken again
    await expect(async () => {
      await expect(page.getByTestId(list).getByRole('checkbox').filter({ visible: true })).not.toHaveCount(0);
      expect(await shortTargets(page)).toEqual([]);
    }).toPass({ timeout: 15_000 });
  }
});

test('the notice popup shows once per notice on a device, and hides for today on request', { tag: ONE_VIEWPORT }, async ({ browser }, info) => {
  const ctx = await browser.newContext(info.project.use);
  const page = await ctx.newPage();
  await page.goto('/demo');
  await page.locator('input[name=memId]').fill('user15');
  await page.locator('input[name=memPass]').fill(PASS);
  await page.locator('input[name=memPass]').press('Enter');
  const popup = page.getByTestId('site-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: '오늘 하루 보지 않기' })).toBeVisible();
  await popup.getByRole('button', { name: '닫기', exact: true }).click();
  await expect(popup).toBeHidden();
  // a later visit on the same device (a new tab, the app opened again): the same notice does not come back
  const later = await ctx.newPage();
  await later.goto('/demo/main');
  await expect(later.getByTestId('lobby')).toBeVisible();
  await expect(later.getByTestId('cash').first()).toBeVisible();
  await expect(later.getByTestId('site-popup')).toHaveCount(0);
  // another device sees it, and "hide for today" keeps it away there too
  const other = await browser.newContext(info.project.use);
  const second = await other.newPage();
  await second.goto('/demo');
  await second.locator('input[name=memId]').fill('user15');
  await second.locator('input[name=memPass]').fill(PASS);
  await second.locator('input[name=memPass]').press('Enter');
  await second.getByTestId('site-popup').getByRole('button', { name: '오늘 하루 보지 않기' }).click();
  await expect(second.getByTestId('site-popup')).toBeHidden();
  const again = await other.newPage();
  await again.goto('/demo/main');
  await expect(again.getByTestId('lobby')).toBeVisible();
  await expect(again.getByTestId('site-popup')).toHaveCount(0);
  await ctx.close();
  await other.close();
});
