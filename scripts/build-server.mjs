// Compiles the API server into dist-server/: one ESM bundle per entry (the server, the ops command
// line, the PGlite worker thread, which pgliteThread.ts starts as ./pgliteWorker.js beside the
// bundle, and the logo worker thread, which brandImage.ts starts as ./logoWorker.js), packages
// left to node_modules, and the SQL folders the server reads at run time copied next to it, where
// their `new URL('./migrations/', import.meta.url)` (and './functions/') now point.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist-server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts', pgliteWorker: 'src/server/db/pgliteWorker.ts', logoWorker: 'src/server/domain/site/logoWorker.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
for (const dir of ['migrations', 'functions']) {
  const from = `src/server/db/${dir}`;
  if (existsSync(from)) cpSync(from, `${out}/${dir}`, { recursive: true, filter: (f) => !f.endsWith('.ts') });
}
console.log(`server compiled into ${out}/`);
