/**
 * The logo's rasteriser, run in a worker thread (`brandImage.ts` starts one per job, with a time
 * budget and a memory cap): a picture that takes long to draw holds this thread, never the server's.
 * It answers one job: the picture's size (`read`), or every icon of a brand as PNG (`icons`).
 */
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { losslessCompressPng, pngQuantize } from '@napi-rs/image';
import { ICONS, type LogoJob, type LogoReply } from './logoIcons.js';

async function decode(bytes: Uint8Array): Promise<Image | null> {
  try {
    const image = await loadImage(Buffer.from(bytes));
    return image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/**
 * An icon in a palette of at most 256 colours, as the usual PNG optimisers make it: about a third
 * of the bytes of the canvas's full-colour file and no visible change. The kept logo stays full
 * colour, since every icon is made from it again. A picture the palette cannot hold well enough
 * (libimagequant's quality under 70) stays full colour, losslessly recompressed.
 */
async function palettePng(png: Buffer): Promise<Buffer> {
  try {
    return await pngQuantize(png, { minQuality: 70, maxQuality: 95 });
  } catch {
    return losslessCompressPng(png);
  }
}

async function icons(logo: Image, themeColor: string) {
  const out: Record<string, Uint8Array> = {};
  for (const [kind, { side, fill, solid, circle }] of Object.entries(ICONS)) {
    const canvas = createCanvas(side, side);
    const ctx = canvas.getContext('2d');
    if (solid) {
      ctx.fillStyle = themeColor;
      ctx.fillRect(0, 0, side, side);
    }
    // contained and centred, whatever the logo's shape
    const box = side * fill;
    const scale = circle ? box / Math.hypot(logo.width, logo.height) : Math.min(box / logo.width, box / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(logo, (side - w) / 2, (side - h) / 2, w, h);
    const png = await canvas.encode('png');
    out[kind] = kind === 'logo' ? await losslessCompressPng(png) : await palettePng(png);
  }
  return out;
}

async function run(job: LogoJob): Promise<LogoReply> {
  const image = await decode(job.bytes);
  if (!image) return { ok: false, code: 'BR001' };
  if (job.op === 'read') return { ok: true, width: image.width, height: image.height };
  return { ok: true, icons: await icons(image, job.themeColor) };
}

const port = parentPort!;
port.once('message', (job: LogoJob) => {
  void run(job).then(
    (reply) => port.postMessage(reply),
    (e: Error) => port.postMessage({ ok: false, code: 'S500', error: String(e?.message ?? e) } satisfies LogoReply),
  );
});
/** This thread's id in the system (Linux), so the main thread can read its processor time. */
function systemThreadId(): string | null {
  try {
    return /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1] ?? null;
  } catch {
    return null;
  }
}
// imports done: the budget starts with the job
port.postMessage({ ready: systemThreadId() });
