import type { AnyRouter } from '@tanstack/react-router';
import { LAST_PAINT_ID, lastPaintStorageKey, type LastPaint } from '../../contract/earlyData';

/**
 * The last paint (contract/earlyData.ts): a page that marks itself `data-last-paint="ready"` is kept
 * as it was on screen when the page is hidden or left, for the shell's script to paint on the next
 * start before the app's code has run. The copy holds the first screen only, keeps no ids, field
 * values or open dialogs, and its test ids are renamed, so nothing finds it for the app's own page.
 */
const READY = '[data-last-paint="ready"]';
let kept: { prefix: string; memId: string } | null = null;

function save() {
  const entry = document.querySelector('script[type=module][src]')?.getAttribute('src');
  const root = document.getElementById('root');
  if (!kept || !entry || !root?.querySelector(READY)) return;
  const copy = root.cloneNode(true) as HTMLElement;
  firstScreen(root, copy);
  // no open dialog, and nothing that would load or play on its own (a game's frame)
  for (const e of copy.querySelectorAll('dialog, [role="dialog"], [role="alertdialog"], [aria-modal], iframe, video, audio, object, embed')) e.remove();
  for (const e of copy.querySelectorAll('[id]')) e.removeAttribute('id');
  for (const e of copy.querySelectorAll('input, textarea')) e.removeAttribute('value');
  for (const e of copy.querySelectorAll('[data-testid]')) {
    e.setAttribute('data-kept-testid', e.getAttribute('data-testid')!);
    e.removeAttribute('data-testid');
  }
  const css = [...document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].map((l) => l.getAttribute('href')!).filter(Boolean);
  const paint: LastPaint = { memId: kept.memId, path: location.pathname, entry, css, html: copy.innerHTML };
  try {
    localStorage.setItem(lastPaintStorageKey(kept.prefix), JSON.stringify(paint));
  } catch {
    // a full storage keeps no copy: the next start paints as it did before
  }
}

/**
 * Drops from the copy what lies outside the page's first screen (below it, or beside it: a closed
 * side menu). The copy is painted at the top while the app's code loads, and every element it holds
 * is work for the phone before the app's own page: one screen of it is what shows.
 */
function firstScreen(live: Element, copy: Element) {
  const [width, height, top] = [innerWidth, innerHeight, scrollY];
  const walk = (l: Element, c: Element) => {
    const copies = [...c.children];
    [...l.children].forEach((child, i) => {
      const r = child.getBoundingClientRect();
      // no box of its own (display: contents, or nothing in it): its children decide
      if (!r.width && !r.height) walk(child, copies[i]!);
      else if (r.top + top >= height || r.right <= 0 || r.left >= width) copies[i]!.remove();
      else if (r.bottom + top > height) walk(child, copies[i]!);
    });
  };
  walk(live, copy);
}

/** Keeps the signed-in member's marked page as last seen, from now on. */
export function keepLastPaint(prefix: string, memId: string) {
  if (!kept) {
    addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && save());
  }
  kept = { prefix, memId };
}

/** On sign-out: the copy goes with the session. */
export function dropLastPaint(prefix: string) {
  kept = null;
  localStorage.removeItem(lastPaintStorageKey(prefix));
}

/**
 * The painted copy gives way once the app's own page is ready, a dialog opens (an alert must never
 * sit under it), the app goes to another page, or after a few seconds whatever happened.
 */
export function releaseLastPaint(router: AnyRouter) {
  const copy = document.getElementById(LAST_PAINT_ID);
  const root = document.getElementById('root');
  if (!copy || !root) return;
  const path = location.pathname;
  const release = () => {
    observer.disconnect();
    unsubscribe();
    clearTimeout(timer);
    copy.remove();
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector(`${READY}, dialog[open], [role="dialog"], [role="alertdialog"]`)) release();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-last-paint', 'open'] });
  const unsubscribe = router.subscribe('onResolved', ({ toLocation }) => toLocation.pathname !== path && release());
  const timer = setTimeout(release, 5_000);
}
