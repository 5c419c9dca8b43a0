import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createCanvas, Path2D } from '@napi-rs/canvas';
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

// Digits 1..5 as open strokes in a 20x30 box. They are only ever drawn into pixels: the picture
// the client gets is a PNG, so nothing in the answer names a glyph the way SVG paths would.
const glyphs: Record<string, string> = {
  '1': 'M6 8 L11 4 L11 27 M6 27 L16 27',
  '2': 'M4 9 C4 3 16 3 16 9 C16 14 4 20 4 27 L16 27',
  '3': 'M4 6 C8 2 16 3 15 9 C14 13 10 14 8 14 C13 14 17 17 16 22 C15 28 6 29 3 25',
  '4': 'M13 27 L13 4 L3 20 L17 20',
  '5': 'M16 4 L5 4 L4 14 C8 11 16 12 16 19 C16 27 7 29 3 25',
};

export const WIDTH = 132;
export const HEIGHT = 48;

/**
 * Rasterises the answer: each digit's strokes rotated, scaled, sheared and shifted so neighbours
 * overlap, in varying dark colours and widths, over speckle noise and faint blotches; then every
 * row and column is displaced along random sine waves (warping the strokes) and grain is added.
 * No strike-through lines (the product asks for none), so it stays readable on small phones.
 */
export function renderCaptchaPng(answer: string, rnd: () => number = Math.random): Buffer {
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = `rgb(${Math.round(between(236, 250))},${Math.round(between(236, 250))},${Math.round(between(228, 244))})`;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  for (let i = 0; i < 7; i++) {
    const shade = Math.round(between(200, 232));
    g.fillStyle = `rgba(${shade},${Math.round(between(190, 230))},${Math.round(between(200, 240))},0.6)`;
    g.beginPath();
    g.ellipse(between(0, WIDTH), between(0, HEIGHT), between(6, 22), between(4, 14), between(0, Math.PI), 0, Math.PI * 2);
    g.fill();
  }
  const step = (WIDTH - 24) / answer.length;
  [...answer].forEach((digit, i) => {
    const d = glyphs[digit];
    if (!d) throw new Error(`no glyph for ${digit}`);
    g.save();
    g.translate(14 + i * step + between(-4, 3), 8 + between(-4, 4));
    g.translate(10, 15);
    g.rotate((between(-22, 22) * Math.PI) / 180);
    g.transform(1, between(-0.15, 0.15), between(-0.3, 0.3), 1, 0, 0);
    const k = between(0.95, 1.2);
    g.scale(k * between(0.9, 1.15), k);
    g.translate(-10, -15);
    g.strokeStyle = `rgb(${Math.round(between(20, 100))},${Math.round(between(20, 90))},${Math.round(between(50, 140))})`;
    g.lineWidth = between(2.4, 3.6);
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.stroke(new Path2D(d));
    g.restore();
  });
  for (let i = 0; i < 90; i++) {
    const shade = Math.round(between(60, 200));
    g.fillStyle = `rgba(${shade},${shade},${shade},${between(0.3, 0.8).toFixed(2)})`;
    g.fillRect(between(0, WIDTH), between(0, HEIGHT), between(0.8, 2.2), between(0.8, 2.2));
  }

  // warp: shift rows, then columns, by sine waves of random phase and period
  const src = g.getImageData(0, 0, WIDTH, HEIGHT);
  const out = g.createImageData(WIDTH, HEIGHT);
  const ax = between(1.5, 3),
    px = between(0, Math.PI * 2),
    fx = between(8, 14);
  const ay = between(1.5, 3),
    py = between(0, Math.PI * 2),
    fy = between(14, 24);
  const at = (x: number, y: number) => (Math.min(HEIGHT - 1, Math.max(0, y)) * WIDTH + Math.min(WIDTH - 1, Math.max(0, x))) * 4;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const sx = Math.round(x + ax * Math.sin(y / fx + px));
      const sy = Math.round(y + ay * Math.sin(x / fy + py));
      const from = at(sx, sy);
      const to = (y * WIDTH + x) * 4;
      const grain = Math.round(between(-14, 14));
      for (let c = 0; c < 3; c++) out.data[to + c] = Math.min(255, Math.max(0, src.data[from + c]! + grain));
      out.data[to + 3] = 255;
    }
  }
  g.putImageData(out, 0, 0);
  return canvas.toBuffer('image/png');
}

/** The picture as the client shows it: a PNG data URL. */
export const captchaImage = (answer: string, rnd?: () => number) => `data:image/png;base64,${renderCaptchaPng(answer, rnd).toString('base64')}`;

/** Stores a new single-use captcha (5 minutes) and answers its id and picture. */
export async function issueCaptcha(db: Db, siteId: string, now: Date, fixedAnswer?: string): Promise<{ captchaId: string; image: string }> {
  const captchaId = randomUUID();
  const answer = fixedAnswer ?? randomAnswer();
  // keep the table small: whatever has expired can never be used again
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db
    .insertInto('captcha')
    .values({ id: captchaId, site_id: siteId, answer_hash: hashAnswer(captchaId, answer), expires_at: new Date(now.getTime() + TTL_MS) })
    .execute();
  return { captchaId, image: captchaImage(answer) };
}

/**
 * True when the answer matches an unexpired, unused captcha of this site. The captcha is used up
 * by the attempt whatever the answer, so one picture allows one guess.
 */
export async function consumeCaptcha(db: Db, siteId: string, captchaId: string | undefined, answer: string | undefined, now: Date): Promise<boolean> {
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
