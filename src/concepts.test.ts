import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { noticeCategories, noticeCategoryNames } from './contract/board';
import { codeNames } from './contract/enums';
import { betStatuses, gameCategories, gameCategoryNames, legStatuses, picks, settleGroupCodes, statTypes } from './contract/gameConcepts';
import { cashTypeCodes } from './contract/moneyKinds';
import { siteCodes } from './server/domain/platform/siteCodes';

const root = dirname(new URL(import.meta.url).pathname);

/** The game concepts defined once in the contract; a literal list of two or more of one of them elsewhere restates it. */
const concepts: Record<string, readonly string[]> = {
  gameCategories,
  settleGroupCodes,
  statTypes,
  picks,
  legStatuses,
  betStatuses,
  noticeCategories,
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === join(root, 'contract') || e.name === 'locales' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [p] : [];
  });
}

/** Array literals of string literals and unions of string literal types, as lists of their strings. */
function literalLists(file: string): { line: number; items: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; items: string[] }[] = [];
  const visit = (n: ts.Node) => {
    let items: string[] | null = null;
    // a query builder's column list (sport_event's home and away) names columns, not a concept
    const columns = !!n.parent && ts.isCallExpression(n.parent) && ts.isPropertyAccessExpression(n.parent.expression) && n.parent.expression.name.text === 'columns';
    if (ts.isArrayLiteralExpression(n) && !columns) items = n.elements.filter(ts.isStringLiteral).map((e) => e.text);
    else if (ts.isUnionTypeNode(n)) items = n.types.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : []));
    if (items && items.length >= 2) out.push({ line: source.getLineAndCharacterOfPosition(n.getStart()).line + 1, items });
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

describe('game concepts', () => {
  it('are listed only in src/contract: no literal list of categories, settle groups, picks or statuses elsewhere', () => {
    const found: string[] = [];
    for (const file of sources(root))
      for (const { line, items } of literalLists(file))
        for (const [name, members] of Object.entries(concepts)) {
          const named = new Set(items.filter((i) => members.includes(i)));
          if (named.size >= 2) found.push(`${relative(root, file)}:${line} restates ${name}: ${[...named].join(', ')}`);
        }
    expect(found).toEqual([]);
    // parses every source: seconds on a busy machine
  }, 60_000);
});

describe('the code catalogue', () => {
  it('serves (common_code) exactly the contract lists, in their order, with the contract Korean names and an English and Vietnamese one each', () => {
    const served = (master: string) => siteCodes.filter((r) => r.master_code === master);
    expect(served('kplay').map((r) => [r.code, r.code_name])).toEqual(gameCategories.map((c) => [c, gameCategoryNames[c]]));
    expect(served('bcategory').map((r) => [r.code, r.code_name])).toEqual(noticeCategories.map((c) => [c, noticeCategoryNames[c]]));
    // every cash type, the coupon ones included
    expect(served('cash').map((r) => [r.code, r.code_name])).toEqual(cashTypeCodes.map((c) => [String(c), codeNames.cashType[c]]));
    expect(siteCodes.length).toBe(gameCategories.length + noticeCategories.length + cashTypeCodes.length);
    for (const r of siteCodes) expect(r.code_name_en && r.code_name_vn, r.code).toBeTruthy();
    // the seed's places: rows seeded before the coupon cash types keep theirs (migration 430 adds those at 20-23)
    expect(siteCodes.map((r) => r.ord)).toEqual(siteCodes.map((_, i) => i));
  });
});
