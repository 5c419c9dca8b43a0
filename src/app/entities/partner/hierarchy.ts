import { queryOptions } from '@tanstack/react-query';
import { partnerCalls, type HierarchyNode } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** One lazy level of the downline tree: the node `memId` (default the caller) with its direct children. */
export const hierarchyQueryOptions = (api: Api, prefix: string, me: string, memId: string | null, treeOption: 'Y' | 'N') =>
  queryOptions({
    queryKey: userKey(prefix, me, 'partner', 'hierarchy', memId ?? me, treeOption),
    queryFn: () => api(partnerCalls.hierarchy, { memId: memId ?? undefined, treeOption, page: 1, count_per_list: 200 }),
  });

export type { HierarchyNode };
