import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE } from '../scripts/vite-route-preloads.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

interface RoutePreloads {
  routes: { path: string; js: string[] }[];
  catalogues: Record<string, string>;
}

/**
 * gzip size of the JS the first route (the player login, `/$prefix/`) needs: the entry and its
 * modulepreloads from the shell, plus the route's chunks the server names in the HTML it sends
 * for that path; the Korean message catalogue the server preloads beside them is shown on its own.
 */
export async function benchBundle(): Promise<void> {
  if (!existsSync('dist/index.html')) {
    console.log('bundle: dist/ missing, run `npm run build` first');
    return;
  }
  const html = readFileSync('dist/index.html', 'utf8');
  const first = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const listFile = join('dist', ROUTE_PRELOADS_FILE);
  const list = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads) : null;
  for (const f of list?.routes.find((r) => r.path === '/$prefix/')?.js ?? []) first.add(f);
  const firstBytes = [...first].reduce((sum, f) => sum + gz(join('dist', f)), 0);
  const goal = 120 * 1024;
  console.log(`\n# Bundle (gzip -9)`);
  console.log(`first route JS: ${kb(firstBytes)} (${firstBytes} B) in ${first.size} files  goal <= ${kb(goal)} (${goal} B)  ratio ${(firstBytes / goal).toFixed(3)}`);
  const ko = list?.catalogues.ko;
  if (ko) console.log(`Korean catalogue preloaded beside it: ${kb(gz(join('dist', ko)))}`);
  const chunks = readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: gz(join('dist/assets', f)) }))
    .sort((a, b) => b.size - a.size);
  console.log(`all chunks: ${chunks.length}, ${kb(chunks.reduce((s, c) => s + c.size, 0))}`);
  for (const c of chunks.slice(0, 25)) console.log(`  ${first.has(`assets/${c.f}`) ? '*' : ' '} ${kb(c.size).padStart(9)}  ${c.f}`);
  precache();
}

/**
 * What a phone's first visit downloads in the background once the service worker installs: every
 * file the worker precaches, as the server sends it.
 */
function precache() {
  const sw = 'dist/sw.js';
  if (!existsSync(sw)) return;
  const urls = [...readFileSync(sw, 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
  // a text file without a twin goes out compressed per request (@fastify/compress: brotli, quality 4)
  const served = (f: string) =>
    existsSync(`${f}.br`)
      ? statSync(`${f}.br`).size
      : /\.(js|css|json|html|svg|webmanifest)$/.test(f)
        ? brotliCompressSync(readFileSync(f), { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length
        : statSync(f).size;
  const files = urls.map((u) => ({ u, size: served(join('dist', u)) })).sort((a, b) => b.size - a.size);
  console.log(`service worker precache: ${files.length} files, ${kb(files.reduce((s, f) => s + f.size, 0))} as sent (the build's brotli twin, or brotli per request)`);
  for (const f of files.slice(0, 5)) console.log(`    ${kb(f.size).padStart(9)}  ${f.u}`);
}
