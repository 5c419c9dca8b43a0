import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** gzip size of the JS the first route needs (entry + its modulepreloads) and of every chunk. */
export async function benchBundle(): Promise<void> {
  if (!existsSync('dist/index.html')) {
    console.log('bundle: dist/ missing, run `npm run build` first');
    return;
  }
  const html = readFileSync('dist/index.html', 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const firstBytes = first.reduce((sum, f) => sum + gz(join('dist', f)), 0);
  const goal = 120 * 1024;
  console.log(`\n# Bundle (gzip -9)`);
  console.log(`first route JS: ${kb(firstBytes)} in ${first.length} files  goal <= ${kb(goal)}  ratio ${(firstBytes / goal).toFixed(2)}`);
  const chunks = readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: gz(join('dist/assets', f)) }))
    .sort((a, b) => b.size - a.size);
  for (const c of chunks) console.log(`  ${first.includes(`assets/${c.f}`) ? '*' : ' '} ${kb(c.size).padStart(9)}  ${c.f}`);
}
