import type { searchOptions as contractOptions } from '../../contract/board';

export type SearchOption = (typeof contractOptions)[number];

// the contract's list, kept here so route search checks do not pull the board calls into the first chunk
const searchOptions: readonly SearchOption[] = ['t', 'c', 'tc'] as const satisfies typeof contractOptions;

export interface ListSearch {
  page?: number;
  so?: SearchOption;
  sv?: string;
}

/** URL search of the board and message lists: page, search type (t, c, tc) and search text. */
export function validateListSearch(s: Record<string, unknown>): ListSearch {
  const page = Number(s.page);
  const so = searchOptions.includes(s.so as SearchOption) ? (s.so as SearchOption) : undefined;
  const sv = typeof s.sv === 'string' && s.sv.trim() ? s.sv.trim().slice(0, 100) : undefined;
  return { ...(Number.isInteger(page) && page > 1 ? { page } : {}), ...(sv ? { so: so ?? 't', sv } : {}) };
}

/** The request fields of a list call. */
export const listRequest = ({ page = 1, so, sv }: ListSearch) => ({ page, searchOption: so ?? 't', ...(sv ? { searchValue: sv } : {}) });
