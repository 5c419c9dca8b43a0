import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../../contract/codes.js';
import type { IconKind } from '../../db/tables/brand.js';
import { ICONS, type LogoJob, type LogoReply } from './logoIcons.js';

export const LOGO_MAX_BYTES = 1024 * 1024;
/** A PNG says its size in its header: past this a 1 MB file could still decode to gigabytes. */
const PNG_MAX_SIDE = 4096;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an SVG logo may not carry. The SVG is never served: it is rasterised and only the PNG
 * leaves the server, so nothing in it can run in a browser. These are refused anyway, so an
 * operator learns at upload that the file is not a plain picture (scripts, event handlers, embedded
 * documents, entity tricks, anything fetched from elsewhere).
 */
const SVG_REFUSED = [
  /<script\b/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<foreignObject\b/i,
  /<!ENTITY\b/i,
  /<!DOCTYPE\b/i,
  /(?:href|src)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i,
  /url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i,
];
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>]/i;

/**
 * What makes an SVG costly to draw, refused before any drawing (BR010): a filter (60 nested blurs
 * took over two minutes), nesting deeper than SVG_MAX_DEPTH, more than SVG_MAX_ELEMENTS elements,
 * more than SVG_MAX_USES `<use>` (each may repeat a group holding more), a declared size past
 * PNG_MAX_SIDE.
 */
const SVG_MAX_DEPTH = 32;
const SVG_MAX_ELEMENTS = 5000;
const SVG_MAX_USES = 16;
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, em: 16, ex: 8, '%': 0 };
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const FILTERED = /(?:^|[\s;{])filter\s*:/i;

/**
 * A strict walk of the SVG's tags: well-formed (every tag closed in order) or BR001, and nothing of
 * the costly list above or BR010. Comments, processing instructions and CDATA are skipped whole.
 */
function checkSvg(text: string) {
  const stack: string[] = [];
  let elements = 0;
  let uses = 0;
  let i = text.indexOf('<');
  while (i >= 0) {
    let end: number;
    if (text.startsWith('<!--', i)) end = text.indexOf('-->', i) + 3;
    else if (text.startsWith('<?', i)) end = text.indexOf('?>', i) + 2;
    else if (text.startsWith('<![CDATA[', i)) {
      end = text.indexOf(']]>', i) + 3;
      if (FILTERED.test(text.slice(i, end))) throw new ApiError('BR010');
    } else {
      TAG.lastIndex = i;
      const m = TAG.exec(text);
      if (!m) throw new ApiError('BR001');
      const [, close, name, attrs, selfClose] = m;
      end = TAG.lastIndex;
      const local = name!.replace(/^.*:/, '');
      if (close) {
        if (stack.pop() !== name || attrs) throw new ApiError('BR001');
      } else {
        if (++elements > SVG_MAX_ELEMENTS || (!selfClose && stack.length >= SVG_MAX_DEPTH)) throw new ApiError('BR010');
        if (/^(filter|fe[A-Z]\w*)$/.test(local) || (local === 'use' && ++uses > SVG_MAX_USES)) throw new ApiError('BR010');
        for (const [, attr, a, b] of attrs!.matchAll(ATTR)) {
          const value = a ?? b ?? '';
          if (attr === 'filter' || (attr === 'style' && FILTERED.test(value))) throw new ApiError('BR010');
          if (!stack.length && (attr === 'width' || attr === 'height')) {
            const size = /^\s*([\d.]+(?:e[+-]?\d+)?)\s*([a-z%]*)\s*$/i.exec(value);
            if (!size || !(size[2]!.toLowerCase() in UNIT_PX) || Number(size[1]) * UNIT_PX[size[2]!.toLowerCase()]! > PNG_MAX_SIDE) throw new ApiError('BR010');
          }
        }
        if (local === 'style' && !selfClose && FILTERED.test(text.slice(end, text.indexOf('<', end)))) throw new ApiError('BR010');
        if (!stack.length && elements > 1) throw new ApiError('BR001');
        if (!selfClose) stack.push(name!);
      }
    }
    if (end < i + 2) throw new ApiError('BR001');
    i = text.indexOf('<', end);
  }
  if (stack.length || !elements) throw new ApiError('BR001');
}

/** A picture as the icons are made from it: its bytes and size (a decoded `Image` of @napi-rs/canvas is one). */
export interface Logo {
  src: Uint8Array | string;
  width: number;
  height: number;
}

/**
 * The processor time the worker may spend on one logo (the decode, or all the icons):
 * PITBOSS_LOGO_BUDGET_MS, 5 s. Counted on the worker thread's own clock where the system tells it
 * (Linux), so a busy host does not refuse a plain logo; elsewhere, and as a backstop, wall time
 * (LOGO_WALL_FACTOR times the budget).
 */
const logoBudgetMs = () => Number(process.env.PITBOSS_LOGO_BUDGET_MS) || 5000;
const LOGO_WALL_FACTOR = 6;

/** The thread's processor time in ms (utime + stime of /proc/self/task/<tid>/stat), or null where unreadable. */
function threadCpuMs(tid: string | null): number | null {
  if (!tid) return null;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14 and 15 of stat (utime, stime) in clock ticks, 100 a second on Linux
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
/** The worker's own heap (the pixels are native memory, bounded by the sizes checked before) */
const LOGO_WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

// one logo at a time: a brand change is rare, and two costly pictures must not take both cores
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one job in a new worker thread; past the budget (or its memory cap) the worker is
 * terminated and the answer is BR010. From TypeScript sources (tsx, vitest) the thread starts
 * through a bootstrap that loads tsx; a compiled build runs logoWorker.js beside the bundle.
 */
function inWorker(job: LogoJob): Promise<LogoReply> {
  const run = queue.then(
    () =>
      new Promise<LogoReply>((resolve) => {
        const entry = import.meta.url.endsWith('.ts') ? './logoBoot.mjs' : './logoWorker.js';
        const worker = new Worker(new URL(entry, import.meta.url), { execArgv: [], resourceLimits: LOGO_WORKER_LIMITS });
        let timer: NodeJS.Timeout | undefined;
        let wall: NodeJS.Timeout | undefined;
        let settled = false;
        const done = (reply: LogoReply) => {
          if (settled) return;
          settled = true;
          clearInterval(timer);
          clearTimeout(wall);
          // a draw stuck in native code ends when it returns to JavaScript: the answer does not wait for it
          void worker.terminate();
          resolve(reply);
        };
        worker.on('message', (m: { ready: string | null } | LogoReply) => {
          if (!('ready' in m)) return done(m);
          const budget = logoBudgetMs();
          const start = threadCpuMs(m.ready);
          const over = () => done({ ok: false, code: 'BR010' });
          if (start !== null) timer = setInterval(() => (threadCpuMs(m.ready) ?? Infinity) - start > budget && over(), 100);
          wall = setTimeout(over, start === null ? budget : budget * LOGO_WALL_FACTOR);
          worker.postMessage(job);
        });
        worker.once('error', (e: Error & { code?: string }) =>
          done(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, code: 'BR010' } : { ok: false, code: 'S500', error: e.message }),
        );
        worker.once('exit', (code) => done({ ok: false, code: 'S500', error: `logo worker ended (${code})` }));
      }),
  );
  queue = run.catch(() => {});
  return run;
}

const answer = <T extends LogoReply>(reply: LogoReply): T => {
  if (reply.ok) return reply as T;
  if (reply.code === 'S500') throw new Error(`logo not drawn: ${reply.error ?? 'worker failed'}`);
  throw new ApiError(reply.code);
};

/** PNG or SVG, at most 1 MB, decodable, plain: the picture, or the result code saying why not. */
export async function readLogo(bytes: Buffer): Promise<Logo> {
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError('BR002');
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    if (bytes.length < 24 || bytes.readUInt32BE(16) > PNG_MAX_SIDE || bytes.readUInt32BE(20) > PNG_MAX_SIDE) throw new ApiError('BR001');
  } else {
    const text = bytes.toString('utf8');
    if (!SVG_START.test(text)) throw new ApiError('BR001');
    if (SVG_REFUSED.some((re) => re.test(text))) throw new ApiError('BR003');
    checkSvg(text);
  }
  const { width, height } = answer<{ ok: true; width: number; height: number }>(await inWorker({ op: 'read', bytes }));
  return { src: bytes, width, height };
}

export const ICON_KINDS = Object.keys(ICONS) as IconKind[];

/** Every icon of a brand from its logo, as PNG, drawn in the worker. */
export async function makeIcons(logo: Logo, themeColor: string): Promise<Record<IconKind, Buffer>> {
  if (typeof logo.src === 'string') throw new ApiError('BR001');
  const { icons } = answer<{ ok: true; icons: Record<string, Uint8Array> }>(await inWorker({ op: 'icons', bytes: logo.src, themeColor }));
  const out = {} as Record<IconKind, Buffer>;
  for (const kind of ICON_KINDS) out[kind] = Buffer.from(icons[kind]!);
  return out;
}
