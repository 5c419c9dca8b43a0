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

/** The `import('…')` calls anywhere in a file: each loads on use (a split bundle). */
function lazyImports(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) found.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * The files a source imports from inside src by its import and export declarations, type-only ones
 * included, and with `lazy` its `import()` calls too.
 */
function importsOf(file: string, lazy = false): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements
    .flatMap((s) => ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? [s.moduleSpecifier.text] : []))
    .concat(lazy ? lazyImports(source) : [])
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

  // a lazy import splits the bundle but not the code: two modules that load each other still cannot be read alone
  it('form no circle in the app, lazy imports included', () => {
    const graph = new Map(sources(join(root, 'app')).map((f) => [f, importsOf(f, true)]));
    expect(graph.size).toBeGreaterThan(200);
    expect(cycles(graph)).toEqual([]);
  }, 60_000);
});
