import type { PageInfo } from '../../../contract/define.js';

export const PAGE_SIZE = 10;

export const pageWindow = (page: number, size = PAGE_SIZE) => ({ limit: size, offset: (page - 1) * size });

export const pageInfoOf = (page: number, total: number, size = PAGE_SIZE): PageInfo => ({
  page,
  count_per_list: size,
  tatal_list_count: total,
});

/** An ILIKE pattern matching `v` anywhere, with the pattern characters taken literally. */
export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
