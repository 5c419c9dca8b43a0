import { queryOptions } from '@tanstack/react-query';
import { adminBoardCalls } from '../../../contract/board';
import { adminMessageCalls } from '../../../contract/message';
import type { Api } from '../../lib/api';
import { listRequest, type ListSearch } from '../../lib/listSearch';
import { siteKey } from '../../lib/queryClient';

export type InquiryFilter = ListSearch & { status?: 'ANSWER' | 'WAIT'; memId?: string };

export const adminKey = (prefix: string) => siteKey(prefix, 'admin', 'board');

export const adminInquiriesQueryOptions = (api: Api, prefix: string, s: InquiryFilter) => {
  const req = { ...listRequest(s), ...(s.status ? { status: s.status } : {}), ...(s.memId ? { memId: s.memId } : {}) };
  return queryOptions({ queryKey: [...adminKey(prefix), 'faq', req], queryFn: () => api(adminBoardCalls.list.faq, req) });
};

export const adminInquiryQueryOptions = (api: Api, prefix: string, boardIdx: number) =>
  queryOptions({ queryKey: [...adminKey(prefix), 'faq', 'detail', boardIdx], queryFn: () => api(adminBoardCalls.datail.faq, { boardIdx }) });

export const adminNoticesQueryOptions = (api: Api, prefix: string, s: ListSearch) =>
  queryOptions({ queryKey: [...adminKey(prefix), 'nt', listRequest(s)], queryFn: () => api(adminBoardCalls.list.nt, listRequest(s)) });

export const adminNoticeQueryOptions = (api: Api, prefix: string, boardIdx: number) =>
  queryOptions({ queryKey: [...adminKey(prefix), 'nt', 'detail', boardIdx], queryFn: () => api(adminBoardCalls.datail.nt, { boardIdx }) });

export const sentMessagesQueryOptions = (api: Api, prefix: string, page: number) =>
  queryOptions({ queryKey: [...adminKey(prefix), 'sent', page], queryFn: () => api(adminMessageCalls.list, { page }) });
