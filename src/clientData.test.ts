import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The client's data lives in its entities (src/app/entities/*): their query factories build every
// query key and every query; screens (features, widgets, routes) use the factories. lib/ holds the
// key builders and the cache's plumbing.
const root = dirname(new URL(import.meta.url).pathname);
const app = join(root, 'app');

// Screens that still build a key in place, each with its reason; moving one out of here is welcome, adding one is not.
const notYetMoved = new Set([
  // the qna screens are being reworked beside this: its list key joins the board entity with them
  'app/features/board/QnaRead.tsx',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [p] : [];
  });
}

const queryHooks = new Set(['useQuery', 'useSuspenseQuery', 'useInfiniteQuery', 'useSuspenseInfiniteQuery', 'useQueries']);
const factories = new Set(['queryOptions', 'infiniteQueryOptions']);
const nameOf = (e: ts.Expression) => (ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : '');
const propName = (p: ts.ObjectLiteralElementLike) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '');

/** Where a file builds a query or a key in place: a factory call, a hook given its own key, a key written as a literal array. */
export function inlineQueries(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${what}`);
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const name = nameOf(n.expression);
      if (factories.has(name)) at(n, `${name}(): a query factory belongs to its entity`);
      const arg = n.arguments[0];
      if (queryHooks.has(name) && arg && ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => ts.isPropertyAssignment(p) && propName(p) === 'queryKey'))
        at(n, `${name}() with a key of its own: use the entity's factory (spread it to add options)`);
    }
    if (ts.isPropertyAssignment(n) && propName(n) === 'queryKey' && ts.isArrayLiteralExpression(n.initializer)) at(n, 'a query key written in place');
    if (ts.isPropertyAssignment(n) && propName(n) === 'invalidates' && ts.isArrayLiteralExpression(n.initializer))
      for (const e of n.initializer.elements) if (ts.isArrayLiteralExpression(e)) at(e, 'a query key written in place');
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** Where a file calls useWrite (with or without its type arguments): a write belongs to its entity's hook. */
export function inlineWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && nameOf(n.expression) === 'useWrite')
      found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} useWrite(): a write belongs to its entity's hook`);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe("the client's data", () => {
  it('lives in its entities: no query file in features/', () => {
    const files = sources(join(app, 'features')).map((f) => relative(root, f));
    expect(files.filter((f) => /quer(y|ies)\.tsx?$/i.test(f))).toEqual([]);
  });

  it('is asked through the entities\u2019 factories: no query or key built in a screen', () => {
    const found: string[] = [];
    for (const f of sources(app)) {
      const rel = relative(root, f);
      if (/^app\/(entities|lib)\//.test(rel) || notYetMoved.has(rel)) continue;
      found.push(...inlineQueries(rel, readFileSync(f, 'utf8')));
    }
    expect(found).toEqual([]);
    // parses every app source: seconds on a busy machine
  }, 60_000);

  it('catches each way a screen builds its own query', () => {
    const screen = `
      const a = useQuery({ queryKey: userKey(prefix, me, 'x'), queryFn });
      const b = useQuery({ ...listQueryOptions(api, prefix), enabled: true });
      const c = queryOptions({ queryKey: k, queryFn });
      useWrite({ run, invalidates: [['platform', 'sites'], listQueryOptions(api).queryKey] });
      void client.invalidateQueries({ queryKey: ['site', prefix] });
      void client.invalidateQueries({ queryKey: listQueryOptions(api).queryKey });`;
    expect(inlineQueries('x.tsx', screen).map((s) => s.split(' ')[0])).toEqual(['x.tsx:2', 'x.tsx:4', 'x.tsx:5', 'x.tsx:6']);
  });

  it('is written through its entities\u2019 hooks: useWrite is called only in src/app/entities (and lib/write)', () => {
    const found: string[] = [];
    for (const f of sources(app)) {
      const rel = relative(root, f);
      if (/^app\/(entities|lib\/write)\//.test(rel)) continue;
      found.push(...inlineWrites(rel, readFileSync(f, 'utf8')));
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('catches each way a screen calls useWrite', () => {
    const screen = `
      const a = useWrite({ run });
      const b = useWrite<string, unknown, 'ip'>({ run });
      const c = useDeposit(memId, { onDone });`;
    expect(inlineWrites('x.tsx', screen).map((s) => s.split(' ')[0])).toEqual(['x.tsx:2', 'x.tsx:3']);
  });

  it('is written through the one useWrite: no mutation of its own anywhere else', () => {
    const found = sources(app)
      .map((f) => relative(root, f))
      .filter((rel) => rel !== 'app/lib/write/useWrite.ts' && /\buseMutation\b/.test(readFileSync(join(root, rel), 'utf8')));
    expect(found).toEqual([]);
  });

  it('has no module-wide query cache: the one QueryClient is made in main.tsx and handed down', () => {
    const found: string[] = [];
    for (const f of sources(app)) {
      const rel = relative(root, f);
      if (rel !== 'app/main.tsx' && /\bnew QueryClient\(|export const queryClient\b/.test(readFileSync(f, 'utf8')) && rel !== 'app/lib/queryClient.ts') found.push(rel);
      if (/\bimport\s*\{[^}]*\bqueryClient\b[^}]*\}\s*from/.test(readFileSync(f, 'utf8'))) found.push(`${rel} imports a queryClient`);
    }
    expect(found).toEqual([]);
    expect(readFileSync(join(app, 'lib', 'queryClient.ts'), 'utf8')).not.toMatch(/export const queryClient\b/);
  });
});
