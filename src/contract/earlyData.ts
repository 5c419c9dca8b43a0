/**
 * Early answers: a page whose first screen needs a few signed-in calls has them started by its
 * HTML, beside the download of the app's code, instead of after it. The shell's script and the
 * app's client meet on these names; an answer is used once, for the same call with the same body.
 */

/** Where the app keeps a site's session (token, expiry, last member data). */
export const sessionStorageKey = (prefix: string) => `pitboss:${prefix}:session`;

/** The page's started calls, by path: the exact body sent, when, and the parsed answer (null when none came). */
export type EarlyAnswers = Record<string, { body: string; at: number; answer: Promise<unknown> }>;
export const EARLY_GLOBAL = '__pitbossEarly';
/**
 * The page's calls travel as one request, `${EARLY_CALLS_PATH}{page}`, with the headers and body each
 * would carry; the server runs each through its own route and answers `{ [path]: envelope }`.
 */
export const EARLY_CALLS_PATH = '/api/early/';
/** An early answer older than this is not used: the app asks again. */
export const EARLY_MAX_AGE_MS = 30_000;

/**
 * The shell's head tags only an install or a tab strip reads (the site's manifest, favicon and
 * touch icon) come in this template; the app adds them once its first screen has painted, so the
 * browser's fetches of the manifest and its icon do not share the network with that screen.
 */
export const LATE_HEAD_ID = 'pitboss-late-head';

/**
 * The last paint: a signed-in page that marks itself (`data-last-paint`) is kept on the device as
 * it was last seen, and the shell's script paints that copy before the app's code has run (a repeat
 * visit, offline or on a slow phone, shows its last figures at once); the app takes over as soon as
 * its own page is ready. Kept per site, for the member signed in.
 */
export const lastPaintStorageKey = (prefix: string) => `pitboss:${prefix}:lastPaint`;
/** The element the copy is painted in, above the app's root until the app's page is ready. */
export const LAST_PAINT_ID = 'pitboss-last-paint';
/** What the kept copy holds. */
export interface LastPaint {
  memId: string;
  path: string;
  /** the build's entry script: a copy from another build (its styles gone) is not painted */
  entry: string;
  /** the stylesheets the page wore */
  css: string[];
  html: string;
}
