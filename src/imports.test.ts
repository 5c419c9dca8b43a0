import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * The files a source imports from inside src by its import and export declarations, type-only ones
 * included; an `import()` loads on use (a split bundle) and is no edge of the load order.
 */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements
    .flatMap((s) => ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? [s.moduleSpecifier.text] : []))
    .filter((s) => s.startsWith('.'))
    .map((s) => join(dirname(file), s).replace(/\.js$/, ''))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter(existsSync).slice(0, 1));
}

/** Groups of files that reach each other through imports (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do group.push((w = stack.pop()!));
    while (w !== v);
    if (group.length > 1) found.push(group.map((f) => relative(root, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  // a circle makes two modules one in all but name: neither can be read, changed or loaded first alone
  it('form no circle anywhere in src, type-only imports included', () => {
    const graph = new Map(sources(root).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
    // parses every source file: seconds on a busy machine
  }, 60_000);
});
