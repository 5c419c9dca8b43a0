import { queryOptions } from '@tanstack/react-query';
import { boardCalls } from '../../../contract/board';
import type { Api } from '../../lib/api';
import { listRequest, type ListSearch } from '../../lib/listSearch';
import { userKey } from '../../lib/queryClient';

/** Keys live under the user (`u`, memId) so the last-seen lists are persisted for offline use. */
export const qnaKey = (prefix: string, memId: string) => userKey(prefix, memId, 'qna');
export const noticeKey = (prefix: string, memId: string) => userKey(prefix, memId, 'notice');

export const qnaListQueryOptions = (api: Api, prefix: string, memId: string, s: ListSearch) =>
  queryOptions({
    queryKey: [...qnaKey(prefix, memId), 'list', listRequest(s)],
    // answers arrive live: each visit shows the cached page at once and refreshes it
    staleTime: 0,
    queryFn: () => api(boardCalls.list.faq, { ...listRequest(s), memId }),
  });

export const qnaDetailQueryOptions = (api: Api, prefix: string, memId: string, boardIdx: number) =>
  queryOptions({
    queryKey: [...qnaKey(prefix, memId), 'detail', boardIdx],
    queryFn: () => api(boardCalls.datail.faq, { boardIdx }),
  });

export const noticeListQueryOptions = (api: Api, prefix: string, memId: string, s: ListSearch) =>
  queryOptions({
    queryKey: [...noticeKey(prefix, memId), 'list', listRequest(s)],
    queryFn: () => api(boardCalls.list.nt, listRequest(s)),
  });

export const noticeDetailQueryOptions = (api: Api, prefix: string, memId: string, boardIdx: number) =>
  queryOptions({
    queryKey: [...noticeKey(prefix, memId), 'detail', boardIdx],
    queryFn: () => api(boardCalls.datail.nt, { boardIdx }),
  });
