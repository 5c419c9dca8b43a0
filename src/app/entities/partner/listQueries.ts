import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReqOf } from '../../../contract/define';
import { partnerCalls } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { lastDays, wireRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

type Calls = typeof partnerCalls;
const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'lists', ...rest);

/** One list call with its filters; the previous page stays on screen while the next loads. */
function listQuery<K extends 'lowerPartnerList' | 'myPartnerList2' | 'lowerUserList' | 'myMemList' | 'myMemDirectList' | 'loginList'>(name: K) {
  return (api: Api, prefix: string, me: string, req: ReqOf<Calls[K]>) =>
    queryOptions({
      queryKey: key(prefix, me, name, req),
      queryFn: () => api(partnerCalls[name] as Calls[K], req),
      placeholderData: keepPreviousData,
    });
}

export const levelListQueryOptions = listQuery('lowerPartnerList');
export const partnerList2QueryOptions = listQuery('myPartnerList2');
export const lowerUserListQueryOptions = listQuery('lowerUserList');
export const memListQueryOptions = listQuery('myMemList');
export const memDirectListQueryOptions = listQuery('myMemDirectList');
export const loginListQueryOptions = listQuery('loginList');

/** The first page the money list and the user list open on: today's joins, newest first. */
export const defaultMemListReq = (): ReqOf<Calls['myMemList']> => ({
  ...wireRange(lastDays(0)),
  oldYn: 'N',
  page: 1,
  count_per_list: 40,
  orderColumn: 'joinDate',
  orderType: 'DESC',
});
export const defaultLowerUserReq = (): ReqOf<Calls['lowerUserList']> => ({
  ...wireRange(lastDays(0)),
  orderStr: 'JOIN_DESC',
  page: 1,
  count_per_list: 40,
  treeOption: 'Y',
});

/** Direct lower partners of one row (the recursive table's plus toggle). */
export const innerPartnersQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({
    queryKey: key(prefix, me, 'inner', memId),
    queryFn: () => api(partnerCalls.myPartnerList2, { searchType: 'INNER', memId, page: 1, count_per_list: 200 }),
  });
