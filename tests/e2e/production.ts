/** A production start of the built app on an empty PostgreSQL database, and what walks through it need. */
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { productionSecrets } from '../../src/server/config';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { createCanvas } from '@napi-rs/canvas';
import { generate } from 'otplib';
import pg from 'pg';
import { freshPostgres } from '../api/dbTemplate';
import { hashAnswer } from '../../src/server/domain/auth/captcha';
import { entryArgs } from '../../scripts/serverProcess';

export const shotPath = (info: TestInfo, prefix: string, name: string) => `tmp/screens/${info.project.name}-${prefix}-${name}.png`;

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

/**
 * A production start of the built app on an empty database, as a deployment runs it: no test
 * setting. On PostgreSQL, so the walk can read a captcha's keyed hash and find its answer (a
 * production start takes no test captcha).
 */
export async function productionStart(): Promise<{ base: string; link: string; dbUrl: string; stop(): Promise<void> }> {
  const db = await freshPostgres();
  const port = 4300 + Math.floor(Math.random() * 500);
  const dataDir = `tmp/e2e-platform-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync('tmp', { recursive: true });
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_')));
  const child: ChildProcess = spawn(process.execPath, entryArgs(), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), PITBOSS_DATA: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'warn', ...productionSecretsEnv() },
  });
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
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
  return { base: `http://localhost:${port}`, link: link.replace(/^http:\/\/[^/]+/, `http://localhost:${port}`), dbUrl: db.url, stop };
}

/** The step after the current one (the server takes one step either side), so it is never the setup's own code. */
export const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Screenshots of a page as it is, then at 320 px in dark mode, named `<project>-<prefix>-<name>`. */
export async function narrowAndDark(page: Page, info: TestInfo, name: string, prefix = 'platform') {
  const shot = (i: TestInfo, n: string) => shotPath(i, prefix, n);
  const size = page.viewportSize()!;
  await page.screenshot({ path: shot(info, `${name}-light`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 320, height: size.height });
  await page.screenshot({ path: shot(info, `${name}-320-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

/** The answer of a captcha the server issued: its keyed hash read from the database, matched among the 625 answers. */
export async function captchaAnswer(dbUrl: string, captchaId: string): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ answer_hash: string }>('select answer_hash from captcha where id = $1', [captchaId]);
    for (let n = 0; n < 625; n++) {
      const answer = [...n.toString(5).padStart(4, '0')].map((d) => Number(d) + 1).join('');
      if (hashAnswer(captchaId, answer) === rows[0]?.answer_hash) return answer;
    }
    throw new Error(`no answer for captcha ${captchaId}`);
  } finally {
    await c.end();
  }
}

/** Screenshots at 320 px, light and dark. */
export async function at320(page: Page, info: TestInfo, name: string, prefix = 'platform') {
  const shot = (i: TestInfo, n: string) => shotPath(i, prefix, n);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await page.screenshot({ path: shot(info, `${name}-320-light`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot(info, `${name}-320-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

export async function luckyLogo(): Promise<Buffer> {
  const c = createCanvas(256, 256);
  const g = c.getContext('2d');
  g.fillStyle = '#1a7f37';
  g.beginPath();
  g.arc(128, 128, 120, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#f5c542';
  g.font = 'bold 150px sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText('7', 128, 136);
  return c.encode('png');
}
