import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The id list of the most recently loaded list under `key` (any page or search): prev/next follow it. */
export function lastIdxList(client: QueryClient, key: QueryKey): number[] {
  const newest = client
    .getQueryCache()
    .findAll({ queryKey: key })
    .filter((q) => (q.state.data as { idxList?: number[] } | undefined)?.idxList)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  return (newest?.state.data as { idxList: number[] } | undefined)?.idxList ?? [];
}

/** Neighbours of `idx` in a list ordered newest first: prev is the newer one, next the older one. */
export function neighbours(list: number[], idx: number): { prev: number | null; next: number | null } {
  const i = list.indexOf(idx);
  if (i < 0) return { prev: null, next: null };
  return { prev: i > 0 ? list[i - 1] : null, next: i < list.length - 1 ? list[i + 1] : null };
}
