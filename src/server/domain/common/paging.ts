import type { PageInfo } from '../../../contract/define.js';

export const PAGE_SIZE = 10;

export const pageWindow = (page: number, size = PAGE_SIZE) => ({ limit: size, offset: (page - 1) * size });

export const pageInfoOf = (page: number, total: number, size = PAGE_SIZE): PageInfo => ({
  page,
  count_per_list: size,
  tatal_list_count: total,
});

/** A paged list's count query answers the number of matches as `n`, and any totals read beside it. */
type Counted = { n: number | string | bigint };

/**
 * One page of a list: counts every match (with the totals the same query reads), reads the page's
 * rows, maps each. `head` is the count query's row beside `n` (a report's period totals).
 */
export async function paged<C extends Counted, R, T>(
  at: { page: number; size: number },
  count: () => Promise<C>,
  rows: (w: { limit: number; offset: number }) => Promise<R[]>,
  map: (r: R) => T,
): Promise<{ list: T[]; pageInfo: PageInfo; head: Omit<C, 'n'> }> {
  const { n, ...head } = await count();
  const page = await rows(pageWindow(at.page, at.size));
  return { list: page.map(map), pageInfo: pageInfoOf(at.page, Number(n), at.size), head };
}

/** An ILIKE pattern matching `v` anywhere, with the pattern characters taken literally. */
export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
