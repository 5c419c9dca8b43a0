import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/driver.js';

const TTL_MS = 5 * 60_000;
const LENGTH = 4;

/** Four digits, each 1 to 5, as the product's captcha uses. */
export function randomAnswer(): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += String(randomInt(1, 6));
  return s;
}

/** Keyed by the captcha id so equal answers never share a stored value. */
export function hashAnswer(captchaId: string, answer: string): string {
  return createHmac('sha256', captchaId).update(answer).digest('hex');
}

// Digits 1..5 as open strokes in a 20x30 box; drawn as paths so the answer never appears as text.
const glyphs: Record<string, string> = {
  '1': 'M6 8 L11 4 L11 27 M6 27 L16 27',
  '2': 'M4 9 C4 3 16 3 16 9 C16 14 4 20 4 27 L16 27',
  '3': 'M4 6 C8 2 16 3 15 9 C14 13 10 14 8 14 C13 14 17 17 16 22 C15 28 6 29 3 25',
  '4': 'M13 27 L13 4 L3 20 L17 20',
  '5': 'M16 4 L5 4 L4 14 C8 11 16 12 16 19 C16 27 7 29 3 25',
};

const WIDTH = 120;
const HEIGHT = 44;

/**
 * Draws the answer: each digit's path wobbled point by point, then rotated, scaled and shifted a
 * little, in its own dark colour, over a sprinkle of dots. No strike-through lines (the product
 * asks for none), so it stays readable on small phones.
 */
export function renderCaptchaSvg(answer: string, rnd: () => number = Math.random): string {
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const parts: string[] = [];
  for (let i = 0; i < 24; i++) {
    const shade = Math.round(between(150, 210));
    parts.push(
      `<circle cx="${r1(between(0, WIDTH))}" cy="${r1(between(0, HEIGHT))}" r="${r1(between(0.6, 1.6))}" fill="rgb(${shade},${shade},${shade})"/>`,
    );
  }
  [...answer].forEach((digit, i) => {
    const d = glyphs[digit];
    if (!d) throw new Error(`no glyph for ${digit}`);
    const wobbled = d.replace(/-?\d+(\.\d+)?/g, (n) => String(r1(Number(n) + between(-0.8, 0.8))));
    const x = 12 + i * 26 + between(-3, 3);
    const y = 7 + between(-3, 3);
    const angle = between(-15, 15);
    const scale = between(0.9, 1.12);
    const colour = `rgb(${Math.round(between(20, 90))},${Math.round(between(20, 90))},${Math.round(between(60, 140))})`;
    parts.push(
      `<path d="${wobbled}" transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(angle)} 10 15) scale(${r1(scale * 100) / 100})" ` +
        `fill="none" stroke="${colour}" stroke-width="${r1(between(2.4, 3.2))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f4f0"/>${parts.join('')}</svg>`
  );
}

/** Stores a new single-use captcha (5 minutes) and answers its id and picture. */
export async function issueCaptcha(
  db: Db,
  siteId: string,
  now: Date,
  fixedAnswer?: string,
): Promise<{ captchaId: string; svg: string }> {
  const captchaId = randomUUID();
  const answer = fixedAnswer ?? randomAnswer();
  // keep the table small: whatever has expired can never be used again
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db
    .insertInto('captcha')
    .values({ id: captchaId, site_id: siteId, answer_hash: hashAnswer(captchaId, answer), expires_at: new Date(now.getTime() + TTL_MS) })
    .execute();
  return { captchaId, svg: renderCaptchaSvg(answer) };
}

/**
 * True when the answer matches an unexpired, unused captcha of this site. The captcha is used up
 * by the attempt whatever the answer, so one picture allows one guess.
 */
export async function consumeCaptcha(
  db: Db,
  siteId: string,
  captchaId: string | undefined,
  answer: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!captchaId || !answer || captchaId.length > 64) return false;
  const row = await db
    .updateTable('captcha')
    .set({ used_at: now })
    .where('id', '=', captchaId)
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row) return false;
  const want = Buffer.from(row.answer_hash, 'hex');
  const got = Buffer.from(hashAnswer(captchaId, answer.trim()), 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}
