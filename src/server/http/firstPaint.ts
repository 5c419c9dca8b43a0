import { loginPages } from '../../contract/loginPages.js';
import { html } from './brand.js';

/** The login pages: each opens on the site's logo and name. */
const LOGIN_ROUTES = new Set<string>(Object.values(loginPages));

/**
 * A login page's first paint, in the shell itself: the site's logo and name in the login frame's
 * global classes (styles/authFrame.css), where the app will paint them. Until the app's code has
 * run, a phone on a slow network shows the site rather than a blank page; the app's first render
 * replaces it. Hidden from assistive technology: the app's own heading follows at once.
 */
export function loginFirstPaint(route: string | null, prefix: string, siteName: string): string {
  // route-preloads.json names an index route with its trailing slash (`/$prefix/`), the router's links without
  if (!route || !LOGIN_ROUTES.has(route.replace(/(?<=.)\/$/, ''))) return '';
  return (
    `<main class="auth-page" aria-hidden="true"><div class="auth-top"></div><div class="auth-panel"><header class="auth-brand">` +
    `<img class="auth-logo" src="/${html(prefix)}/icons/icon-192.png" alt="" width="64" height="64">` +
    `<p class="auth-title">${html(siteName)}</p></header></div></main>`
  );
}
