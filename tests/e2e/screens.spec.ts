import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { captchaLogin, dismissPopups, ONE_VIEWPORT, playerLogin, WITH_SERVICE_WORKER } from './support';
import { screens, type Role, type Screen } from './screens';

test.use(WITH_SERVICE_WORKER);

/**
 * Every screen of every role at 320 px and 412 px, light and dark: no sideways scroll, no cut
 * label in a button or tab, no enum name or upper-cased id in the Korean UI, every interactive
 * element at least 44 px in its smaller side (24 px for a link inside running text), and no
 * serious or critical axe-core violation. A screenshot of each goes to reports/screens/ (kept by
 * CI as an artifact; Playwright empties test-results/).
 *
 * And on every screen with a form that moves money (one marked `data-money-form`, or any amount
 * field: MoneyInput marks its input `data-money`, so a new money form is covered without a list):
 * offline, it takes no input and says why with the last-checked time; at 320x568, with the unread
 * notices showing, its main field (the amount, else the form's first control) lies whole above
 * the fold and the tab bar.
 */
const OUT = 'reports/screens';
const widths = [320, 412] as const;
const schemes = ['light', 'dark'] as const;

/** Words that are codes, not Korean: enum names, bank codes, level codes, upper-cased demo ids. */
const CODE =
  /\b(PASS|FAIL|TIE|WAIT|WIN|LOSE|DRAW|CANCEL|PARTNER|ADMIN|NORMAL|P_NORMAL|PTN_\d|PTN\d+|USER\d+|SHINHAN|WOORI|HANA|KAKAO|TOSS|IBK|KB|NH|DEPOSIT|WITHDRAW(AL)?|null|undefined|NaN)\b/;

/**
 * Known failures in another area, each with its reason: `${route} ${check}` -> why. Kept short;
 * every entry names what must change for it to go.
 */
const allowed: Record<string, string> = {
  // the player's bet history names sports results PASS/FAIL/TIE: the bet detail work of the player
  // screens replaces them with catalogue names (issue 20, part 1, player side); drop this line then
  '/$prefix/bettingHistory code': 'PASS/FAIL/TIE in sports results, being fixed on the player side',
};

interface Finding {
  check: 'scroll' | 'clipped' | 'code' | 'target' | 'overflow' | 'axe' | 'tabs' | 'offline-form' | 'fold';
  detail: string;
}

/** What is wrong with the page as it stands, measured in the page. */
function inspect(page: Page): Promise<Finding[]> {
  return page.evaluate((codeSource) => {
    const code = new RegExp(codeSource);
    const out: { check: 'scroll' | 'clipped' | 'code' | 'target' | 'overflow' | 'axe' | 'tabs'; detail: string }[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push({ check: 'scroll', detail: `page ${doc.scrollWidth} px wide in ${doc.clientWidth}` });
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert], [aria-hidden="true"]');
    };
    const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || el.getAttribute('aria-label') || el.tagName;
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], a[class*="button"]')) {
      if (!shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push({ check: 'clipped', detail: `"${label(el)}" needs ${el.scrollWidth} px, has ${el.clientWidth}` });
    }
    // every target a thumb must hit: 44 px in its smaller side; a link inside running text 24 px.
    // A checkbox or radio counts with its label (the label takes the tap).
    const seen = new Set<Element>();
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], summary')) {
      if (!shown(el)) continue;
      const target = el.matches('input[type="checkbox"], input[type="radio"]')
        ? (el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el)
        : el;
      if (seen.has(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      const parentText = (el.parentElement?.textContent ?? '').trim().length;
      const inText = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && parentText > (el.textContent ?? '').trim().length;
      const floor = inText ? 24 : 44;
      if (Math.min(r.width, r.height) < floor - 0.5)
        out.push({ check: 'target', detail: `${el.tagName.toLowerCase()} "${label(el)}" ${Math.round(r.width)}x${Math.round(r.height)}` });
    }
    // a tab strip wider than the screen says so: a fade on the edge where more tabs lie
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      if (!shown(list) || list.scrollWidth <= list.clientWidth + 1) continue;
      const wrap = list.parentElement;
      if (!wrap?.hasAttribute('data-fade-start') && !wrap?.hasAttribute('data-fade-end')) out.push({ check: 'tabs', detail: `tabs "${label(list)}" scroll with no hint` });
    }
    // a field wider than the box it sits in (a date picker out of its card) is cut or overlaps its border
    for (const el of document.querySelectorAll<HTMLElement>('input, select, textarea')) {
      const box = el.closest('form, section, [role="dialog"]') ?? el.parentElement;
      if (!box || !shown(el)) continue;
      const over = el.getBoundingClientRect().right - box.getBoundingClientRect().right;
      if (over > 1) out.push({ check: 'overflow', detail: `${el.getAttribute('name') ?? el.getAttribute('type') ?? el.tagName} ${Math.round(over)} px out of its box` });
    }
    const hit = document.body.innerText.match(new RegExp(code.source, 'g'));
    if (hit) out.push({ check: 'code', detail: [...new Set(hit)].join(', ') });
    return out;
  }, CODE.source);
}

/**
 * axe-core's serious and critical violations. Light runs every rule; dark changes colours only,
 * so it runs the colour rules. At the narrowest width only: 320 and 412 px share the phone layout
 * and its colours (the layout checks below run at both), and axe is most of this spec's time.
 */
async function axe(page: Page, scheme: 'light' | 'dark'): Promise<Finding[]> {
  const found = await axeViolations(page, scheme === 'dark' ? ['color-contrast', 'link-in-text-block'] : undefined);
  return found.map((f) => ({ check: 'axe' as const, detail: `${scheme} ${f.id} (${f.impact}) at ${f.target}` }));
}

/** The page's money forms and amount fields that show, and what is wrong with them while offline. */
function moneyForms(page: Page): Promise<{ count: number; problems: string[] }> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const label = (el: Element) =>
      el.getAttribute('aria-label') ||
      (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
      (el.textContent ?? '').trim().slice(0, 30) ||
      el.getAttribute('name') ||
      el.tagName;
    const forms = [...document.querySelectorAll('[data-money-form]')].filter(shown);
    const fields = [...document.querySelectorAll<HTMLInputElement>('input[data-money]')].filter(shown);
    const problems: string[] = [];
    const live = new Set<Element>();
    for (const form of forms)
      // a tab changes what is shown, not what is sent
      for (const el of form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea, button:not([role="tab"])'))
        if (shown(el) && !el.matches(':disabled')) live.add(el);
    // :disabled, not .disabled: a control in a disabled fieldset is disabled without an attribute of its own
    for (const el of fields) if (!el.matches(':disabled')) live.add(el);
    for (const el of live) problems.push(`"${label(el)}" takes input`);
    if (forms.length + fields.length > 0) {
      const reasons = [...document.querySelectorAll('[data-testid="form-closed"]')].filter(shown);
      if (!reasons.length) problems.push('no reason shown');
      else if (!reasons.some((r) => r.querySelector('[data-testid="form-closed-checked"]'))) problems.push('the reason has no last-checked time');
    }
    return { count: forms.length + fields.length, problems };
  });
}

/** Offline in place (the app hears the browser's offline event): every money form closed with its reason and time. */
async function offlineForms(page: Page): Promise<Finding[]> {
  if ((await moneyForms(page)).count === 0) return [];
  await page.context().setOffline(true);
  try {
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    let problems: string[] = [];
    await expect
      .poll(async () => (problems = (await moneyForms(page)).problems), { timeout: 3_000 })
      .toEqual([])
      .catch(() => undefined);
    return problems.map((detail) => ({ check: 'offline-form' as const, detail }));
  } finally {
    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
  }
}

/**
 * A money screen's main field (its first amount field, else its money form's first control) whole
 * above the fold and above any bar fixed to the bottom, the page at its top.
 */
function foldProblems(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    scrollTo(0, 0);
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const main =
      [...document.querySelectorAll('input[data-money]')].find(shown) ??
      [...document.querySelectorAll('[data-money-form]')].flatMap((f) => [...f.querySelectorAll('input:not([type="hidden"]), select, textarea, button')]).find(shown);
    if (!main) return [];
    let fold = innerHeight;
    for (const el of document.querySelectorAll('nav, footer, [role="toolbar"]')) {
      const r = el.getBoundingClientRect();
      if (getComputedStyle(el).position === 'fixed' && r.height > 0 && r.bottom >= innerHeight - 1 && r.top > innerHeight / 2) fold = Math.min(fold, r.top);
    }
    const bottom = main.getBoundingClientRect().bottom;
    const name = main.getAttribute('name') ?? main.textContent?.trim() ?? main.tagName;
    return bottom > fold + 0.5 ? [{ check: 'fold' as const, detail: `${name} ends at ${Math.round(bottom)} px, the fold is at ${Math.round(fold)} px` }] : [];
  });
}

async function login(page: Page, role: Role) {
  if (role === 'player') await playerLogin(page, 'user4'); // a player with an inquiry, messages and bets
  if (role === 'partner') {
    await captchaLogin(page, '/demo/login', 'ptn2');
    await expect(page).toHaveURL(/\/demo\/partnerMain$/);
  }
  if (role === 'operator') {
    await captchaLogin(page, '/demo/admin/login', 'admin');
    await expect(page.getByTestId('admin-home')).toBeVisible();
  }
}

async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  if (screen.follow) {
    const link = page.locator(`a[href*="${screen.follow}"]`).filter({ visible: true }).first();
    await link.click({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(screen.follow.replace(/\//g, '\\/')));
  }
  await expect(page.locator('main, form').first()).toBeVisible();
  // the screen's reads answered (a screen that polls never goes idle: then its first paint is what is checked)
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

for (const role of ['guest', 'player', 'partner', 'operator'] as const) {
  test(`every ${role} screen at 320 and 412 px, light and dark`, { tag: ONE_VIEWPORT }, async ({ page }) => {
    test.setTimeout(60_000 + 40_000 * screens.filter((s) => s.role === role).length);
    mkdirSync(OUT, { recursive: true });
    await dismissPopups(page);
    await page.setViewportSize({ width: 412, height: 915 });
    await login(page, role);
    for (const screen of screens.filter((s) => s.role === role)) {
      const problems: string[] = [];
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 412, height: 915 });
      await open(page, screen);
      const name = `${role}-${
        screen.route
          .replace('/$prefix', '')
          .replace(/[^A-Za-z0-9]+/g, '_')
          .replace(/^_|_$/g, '') || 'index'
      }`;
      const money = [...(await offlineForms(page))];
      for (const width of widths) {
        await page.setViewportSize({ width, height: width === 320 ? 568 : 915 });
        if (width === 320) {
          // the fold is measured once the header has its unread counts, with the notices this player has
          // unread on screen (other tests may have read its mail by now: the seed's unread answer stays)
          if (role === 'player') await expect(page.getByRole('banner').getByRole('link', { name: '쪽지함' })).toBeVisible();
          money.push(...(await foldProblems(page)));
        }
        for (const scheme of schemes) {
          await page.emulateMedia({ colorScheme: scheme });
          // CSS pixels: a quarter of the device pixels to encode, enough to look at
          await page.screenshot({ path: `${OUT}/${name}-${width}-${scheme}.png`, scale: 'css' });
          // a scheme changes colours only: layout checks once per width
          const found = [...(width === widths[0] ? await axe(page, scheme) : []), ...(scheme === 'dark' ? [] : await inspect(page))];
          for (const f of found) {
            const key = `${screen.route} ${f.check}`;
            if (allowed[key]) continue;
            problems.push(`${screen.path} @${width}px ${f.check}: ${f.detail}`);
          }
        }
      }
      for (const f of money) if (!allowed[`${screen.route} ${f.check}`]) problems.push(`${screen.path} ${f.check}: ${f.detail}`);
      // soft: one screen's findings never hide the next screen's
      expect.soft(problems, problems.join('\n')).toEqual([]);
    }
  });
}

/**
 * Each kind of dialog open in turn (an alert, a confirm, a bottom sheet, the playtime reminder over
 * a game): axe finds no serious or critical violation with it open (aria-dialog-name among them).
 * The toast is a live region (role=status), not a dialog: it has no name to find.
 */
test('every kind of dialog has a name and passes axe while open', { tag: ONE_VIEWPORT }, async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  const check = async (kind: string) => {
    for (const f of await axeViolations(page)) problems.push(`${kind}: ${f.id} (${f.impact}) at ${f.target}`);
  };
  // the reminder's clock is the page's: installed before the app starts
  await page.clock.install();
  await dismissPopups(page);
  await playerLogin(page, 'user4');

  // an alert (one button): a search without words
  await page.goto('/demo/qna');
  await page.getByRole('button', { name: '검색' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('검색어를 입력해 주세요.');
  await check('alert');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();

  // a confirm (two buttons), declined: a deposit's question
  await page.goto('/demo/charge');
  await page.getByLabel('입금 금액').fill('10000');
  await page.getByTestId('submit').click();
  await expect(dialog).toContainText('입금 신청하시겠습니까?');
  await check('confirm');
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();

  // a bottom sheet: a deposit limit's editor, closed unchanged
  await page.goto('/demo/protection');
  await page.getByTestId('limit-deposit_day').getByRole('button').first().click();
  const sheet = page.getByTestId('limit-sheet');
  await expect(sheet).toBeVisible();
  await check('bottom sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // the playtime reminder over a game: the site's interval passes on the page's clock
  await page.goto('/demo/main');
  await page.getByRole('button', { name: /럭키 세븐/ }).click();
  await expect(page.getByTestId('game-view')).toBeVisible();
  const reminder = page.getByTestId('reality-check');
  // the clock moves until the reminder asks for its figures, then stands still: a move while the
  // call is under way would fire its 15 s timeout
  let asked = false;
  page.on('request', (r) => void (r.url().endsWith('/api/member/playSession') && (asked = true)));
  await expect(async () => {
    if (!asked) await page.clock.fastForward('10:00');
    expect(asked).toBe(true);
  }).toPass({ timeout: 60_000, intervals: [250] });
  await expect(reminder).toBeVisible({ timeout: 20_000 });
  await check('playtime reminder');
  await reminder.getByRole('button', { name: '계속하기' }).click();
  await expect(reminder).toBeHidden();

  expect(problems, problems.join('\n')).toEqual([]);
});
