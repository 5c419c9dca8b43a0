import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { solvedChallenge } from './staff.js';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8097);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// a folder to keep each run's full report in (opportunities, request chains, main-thread work)
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
// `repeat`: only the offline repeat visit, RUNS times (a fresh server each time: the visit stops it);
// `demo` or `partner`: only that page's audits, no repeat visit
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY;
// a folder to keep a Chrome trace (with CPU samples) of each offline reload in (tracing slows the page several times over)
const TRACES = process.env.BENCH_LIGHTHOUSE_TRACES;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
  requests: number;
}

/** A fresh `npm start` of the built app in `dir` (default here): own port, own PGlite folder and keys, demo seed; test captcha so the bench can log in. */
export async function startApp(dir = process.cwd(), port = PORT): Promise<{ base: string; stop: () => Promise<void> }> {
  const data = mkdtempSync(join(tmpdir(), 'pitboss-lh-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PITBOSS_DATA: data,
    PITBOSS_SECRETS_FILE: join(data, 'secrets.json'),
    PITBOSS_TEST_CAPTCHA: '1234',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(data, { recursive: true, force: true });
  };
  // migrating and seeding a fresh PGlite takes a while on a busy machine
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the server did not answer on port ${port}`);
}

/** Logs in the way the partner login screen does and returns what the app keeps in localStorage. */
async function partnerSession(base: string, memId: string): Promise<string> {
  const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
    (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
  const site = (await post('/api/common/site', { prefix: 'demo' })).data;
  const h = { authorization: site.apiKey };
  const captcha = (await post('/api/member/captcha', { siteId: site.siteId }, h)).data;
  const pow = await solvedChallenge((path, body) => post(path, { siteId: site.siteId, ...body }, h));
  const r = await post('/api/member/login', { siteId: site.siteId, memId, memPass: 'demo1234!', captchaId: captcha.captchaId, captcha: '1234', loginPage: 'partner', pow }, h);
  if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode} ${r.resultMessage}`);
  const d = r.data;
  return JSON.stringify({ token: d.token, expiresAt: Date.now() + d.expiresIn * 1000, member: d.member, msgInfo: d.msgInfo, syncedAt: Date.now() });
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and the like) is run again, twice at most. */
async function audit(base: string, path: string, session?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(base, path, session);
    } catch (e) {
      if (attempt === 3 || !/trace/i.test(String(e))) throw e;
      console.log(`lighthouse ${path}: ${String(e)}; running it again`);
    }
  }
}

/** One Lighthouse run (default config = mobile, simulated throttling) in a fresh browser with empty caches. */
async function auditOnce(base: string, path: string, session?: string): Promise<Figures> {
  // a loaded machine can take a while to bring chromium up
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, maxConnectionRetries: 600 });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (session) {
      // a same-origin page that loads no app code, so the cache and the service worker stay empty
      await page.goto(`${base}/api/health`);
      await page.evaluate((s) => localStorage.setItem('pitboss:demo:session', s), session);
    }
    const result = await lighthouse(
      base + path,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!session },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error('Lighthouse gave no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${path.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const summary = (lhr.audits['resource-summary'].details as unknown as { items: { resourceType: string; requestCount: number; transferSize: number }[] }).items;
    const of = (type: string) => summary.find((i) => i.resourceType === type);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
      jsKb: (of('script')?.transferSize ?? 0) / 1024,
      requests: of('total')?.requestCount ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * A repeat visit of an installed app: the dashboard is opened once (the service worker installs and
 * precaches, the lists are kept), then the server is stopped, so no network answers at all, and the
 * page is reloaded on a phone-sized screen with the CPU slowed 4x. Answers the milliseconds from the
 * reload until the last-seen figures are on screen (the shell's copy of the page, or the app's own
 * page where there is no copy), and until the app's own page shows them.
 */
interface Repeat {
  shown: number;
  own: number;
}
async function repeatVisitOffline(app: { base: string; stop: () => Promise<void> }, session: string): Promise<Repeat> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, maxConnectionRetries: 600 });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: { width: 412, height: 915, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
    });
    const page = await browser.newPage();
    await page.goto(`${app.base}/api/health`);
    await page.evaluate((s) => localStorage.setItem('pitboss:demo:session', s), session);
    const shown = () => page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="stat-in"]')?.textContent ?? ''), { timeout: 60_000 });
    await page.goto(`${app.base}/demo/partnerMain`);
    await shown();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // the shell and the figures are kept: wait for the service worker to control the page and the lists to be written
    await page.reload();
    await shown();
    await new Promise((r) => setTimeout(r, 2_000));
    await app.stop();
    await page.emulateCPUThrottling(4);
    if (TRACES) mkdirSync(TRACES, { recursive: true });
    if (TRACES) await page.tracing.start({ path: join(TRACES, `repeat-${app.base.split(':').pop()}-${Date.now()}.json`), screenshots: false });
    // timed in the page, from the new document's start: the frame in which the figures are first in
    // the DOM (the shell's copy of the page, or the app's own page), not when a poll got to look
    // (a string: the bench runs through a compiler that wraps named functions in a helper the page lacks)
    const any = '#pitboss-last-paint [data-kept-testid="stat-in"], [data-testid="stat-in"]';
    await page.evaluateOnNewDocument(`{
      const seen = (window.__figures = {});
      const mark = (k, sel) => {
        if (k in seen || !/\\d/.test(document.querySelector(sel)?.textContent ?? '')) return;
        seen[k] = -1;
        requestAnimationFrame(() => (seen[k] = performance.now()));
      };
      new MutationObserver(() => (mark('shown', ${JSON.stringify(any)}), mark('own', '[data-testid="stat-in"]'))).observe(document, { childList: true, subtree: true, characterData: true });
    }`);
    await page.reload({ waitUntil: 'domcontentloaded' });
    const done = await page.waitForFunction(
      () => {
        const f = (window as unknown as { __figures?: Record<string, number> }).__figures;
        return f && f.shown > 0 && f.own > 0 ? { shown: f.shown, own: f.own } : null;
      },
      { timeout: 60_000 },
    );
    const { shown: shownMs, own } = (await done.jsonValue()) as Repeat;
    if (TRACES) await page.tracing.stop();
    await browser.disconnect();
    return { shown: shownMs, own };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function line(name: string, runs: Figures[]) {
  if (!runs.length) return;
  const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
  const scores = runs.map((r) => r.score).join('/');
  console.log(
    `${name.padEnd(27)} score ${String(m('score')).padStart(3)} (${scores})  FCP ${(m('fcp') / 1000).toFixed(2)} s  LCP ${(m('lcp') / 1000).toFixed(2)} s  TBT ${m('tbt').toFixed(0)} ms  ` +
      `CLS ${m('cls').toFixed(3)}  JS ${m('jsKb').toFixed(1)} KB  requests ${m('requests')}`,
  );
}

const ratio = (after: number, before: number) => (before ? (after / before).toFixed(2) : '-');

/**
 * Lighthouse mobile (median of 3) on the player login `/demo` and, logged in as ptn3, on
 * `/demo/partnerMain`. With `BENCH_LIGHTHOUSE_BASELINE=<a checkout with its own build>` that build
 * is served beside this one and audited in turn with it, run for run, so both lines come from the
 * same minutes of the same machine; the ratios compare them.
 */
export async function benchLighthouse(): Promise<void> {
  const baselineDir = process.env.BENCH_LIGHTHOUSE_BASELINE;
  for (const dir of [process.cwd(), ...(baselineDir ? [baselineDir] : [])]) {
    if (!existsSync(join(dir, 'dist/index.html'))) {
      console.log(`lighthouse: ${join(dir, 'dist')} missing, run \`npm run build\` there first`);
      return;
    }
  }
  if (ONLY === 'repeat') return benchRepeatVisit(baselineDir);
  const app = await startApp();
  const baseline = baselineDir ? await startApp(baselineDir, PORT + 1) : null;
  try {
    const runs = { login: [] as Figures[], partner: [] as Figures[], baseLogin: [] as Figures[], basePartner: [] as Figures[] };
    for (let i = 0; i < RUNS; i++) {
      if (baseline && ONLY !== 'partner') runs.baseLogin.push(await audit(baseline.base, '/demo'));
      if (baseline && ONLY !== 'demo') runs.basePartner.push(await audit(baseline.base, '/demo/partnerMain', await partnerSession(baseline.base, 'ptn3')));
      if (ONLY !== 'partner') runs.login.push(await audit(app.base, '/demo'));
      if (ONLY !== 'demo') runs.partner.push(await audit(app.base, '/demo/partnerMain', await partnerSession(app.base, 'ptn3')));
    }
    console.log(`\n# Lighthouse ${lighthouseVersion()} (mobile, simulated throttling, median of ${RUNS}${baseline ? ', alternating with the baseline build' : ''})`);
    if (baseline) {
      line('baseline /demo', runs.baseLogin);
      line('baseline /demo/partnerMain', runs.basePartner);
    }
    line('/demo', runs.login);
    line('/demo/partnerMain', runs.partner);
    if (baseline) {
      const m = (xs: Figures[], k: keyof Figures) => median(xs.map((r) => r[k]));
      for (const [name, now, before] of [
        ['/demo', runs.login, runs.baseLogin],
        ['/demo/partnerMain', runs.partner, runs.basePartner],
      ] as const) {
        if (!now.length) continue;
        console.log(
          `${name} vs baseline: score ${m(before, 'score')} -> ${m(now, 'score')}  FCP ratio ${ratio(m(now, 'fcp'), m(before, 'fcp'))}  LCP ratio ${ratio(m(now, 'lcp'), m(before, 'lcp'))}  TBT ratio ${ratio(m(now, 'tbt'), m(before, 'tbt'))}  JS ratio ${ratio(m(now, 'jsKb'), m(before, 'jsKb'))}`,
        );
      }
    }
    if (ONLY) return;
    // last: it stops the server (the baseline's first, so both are read in the same minutes)
    if (baseline) {
      const before = await repeatVisitOffline(baseline, await partnerSession(baseline.base, 'ptn3'));
      console.log(`baseline repeat visit of /demo/partnerMain, no network, CPU 4x: figures shown ${before.shown.toFixed(0)} ms, the app's own page ${before.own.toFixed(0)} ms`);
    }
    const repeat = await repeatVisitOffline(app, await partnerSession(app.base, 'ptn3'));
    console.log(
      `repeat visit of /demo/partnerMain, no network (server stopped), CPU 4x: last-seen figures shown ${repeat.shown.toFixed(0)} ms after the reload  goal <= 300 ms  ratio ${(repeat.shown / 300).toFixed(2)}; the app's own page ${repeat.own.toFixed(0)} ms`,
    );
  } finally {
    await app.stop();
    await baseline?.stop();
  }
}

/** The offline repeat visit alone, RUNS times; with a baseline, the two builds take turns (which goes first alternates too). */
async function benchRepeatVisit(baselineDir?: string): Promise<void> {
  const runs = { now: [] as Repeat[], before: [] as Repeat[] };
  const builds = [{ name: 'this build', dir: process.cwd(), port: PORT, ms: runs.now }];
  if (baselineDir) builds.push({ name: 'baseline', dir: baselineDir, port: PORT + 1, ms: runs.before });
  for (let i = 0; i < RUNS; i++) {
    for (const b of i % 2 ? [...builds].reverse() : builds) {
      const app = await startApp(b.dir, b.port);
      try {
        const r = await repeatVisitOffline(app, await partnerSession(app.base, 'ptn3'));
        b.ms.push(r);
        console.log(`run ${i + 1} ${b.name}: figures shown ${r.shown.toFixed(0)} ms, the app's own page ${r.own.toFixed(0)} ms`);
      } finally {
        await app.stop();
      }
    }
  }
  const list = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  const show = (rs: Repeat[]) => `figures shown ${list(rs.map((r) => r.shown))}; the app's own page ${list(rs.map((r) => r.own))}`;
  const shownOf = (rs: Repeat[]) => median(rs.map((r) => r.shown));
  console.log(`\n# repeat visit of /demo/partnerMain, no network (server stopped), CPU 4x, last-seen figures shown; goal <= 300 ms`);
  if (baselineDir) console.log(`baseline    ${show(runs.before)}`);
  console.log(`this build  ${show(runs.now)}${baselineDir ? `  figures shown, ratio ${(shownOf(runs.now) / shownOf(runs.before)).toFixed(2)}` : ''}`);
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}
