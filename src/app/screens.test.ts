import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notScreens, screens } from '../../tests/e2e/screens';

/** The full paths the router knows, read from the generated route tree. */
function routeTreePaths(): string[] {
  const src = readFileSync(new URL('./routeTree.gen.ts', import.meta.url), 'utf8');
  const body = src.slice(src.indexOf('export interface FileRoutesByFullPath {'), src.indexOf('export interface FileRoutesByTo {'));
  return [...body.matchAll(/^\s+'([^']+)': typeof/gm)].map((m) => m[1]);
}

describe('the every-screen check', () => {
  it('opens every route of the route tree, or says why a route is not a screen', () => {
    const tree = routeTreePaths();
    expect(tree.length).toBeGreaterThan(60);
    const covered = new Set([...screens.map((s) => s.route), ...Object.keys(notScreens)]);
    expect(tree.filter((p) => !covered.has(p))).toEqual([]);
    // and lists nothing the router does not know
    expect([...covered].filter((p) => !tree.includes(p))).toEqual([]);
  });
});
