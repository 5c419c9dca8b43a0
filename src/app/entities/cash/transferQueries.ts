import { queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import { pointCalls } from '../../../contract/point';
import { retailCalls } from '../../../contract/retail';
import type { Api } from '../../lib/api';
import { lastDays, needsOld, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

const key = (prefix: string, memId: string, ...rest: unknown[]) => userKey(prefix, memId, 'retailCash', ...rest);
const oldYnOf = (r: DayRange, old: boolean) => (old || needsOld(r) ? ('Y' as const) : ('N' as const));

export interface SendFilter {
  range: DayRange;
  cashType: '' | '-3' | '3';
  cashStatus: '' | '1' | '0';
  topMemId: string;
  botMemId: string;
  page: number;
}
export const defaultSendFilter = (): SendFilter => ({ range: lastDays(7), cashType: '', cashStatus: '', topMemId: '', botMemId: '', page: 1 });

/** Gives and retrieves made by the caller (or by a partner of its tree). */
export const sendListQueryOptions = (api: Api, prefix: string, memId: string, f: SendFilter) =>
  queryOptions({
    queryKey: key(prefix, memId, 'send', f),
    queryFn: () =>
      api(retailCalls.cashSendlist, {
        ...wireRange(f.range),
        cashType: f.cashType,
        cashStatus: f.cashStatus || undefined,
        topMemId: f.topMemId || undefined,
        botMemId: f.botMemId || undefined,
        page: f.page,
        count_per_list: 40,
      }),
  });

export interface TransFilter {
  range: DayRange;
  old: boolean;
  types: number[];
  memId: string;
  page: number;
}
/** The seed's default checked types. */
export const DEFAULT_TYPES = [1, -1, -19, 19, -3, 3];
export const defaultTransFilter = (): TransFilter => ({ range: lastDays(7), old: false, types: DEFAULT_TYPES, memId: '', page: 1 });

/** The caller's own cash log, by cash types. */
export const transLogQueryOptions = (api: Api, prefix: string, memId: string, f: TransFilter) =>
  queryOptions({
    queryKey: key(prefix, memId, 'trans', f),
    queryFn: () =>
      api(retailCalls.cashTransLog, {
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        cashTypeList: f.types.length ? f.types : null,
        memId: f.memId || undefined,
        page: f.page,
        count_per_list: 10,
      }),
  });

export type SearchType = 'memId' | 'memNick' | 'recommenderId';
export interface BottomFilter {
  node: string | null;
  range: DayRange;
  old: boolean;
  cashType: number | null;
  searchType: SearchType;
  word: string;
  order: 'regDate:desc' | 'updDate:desc' | 'preCashAmt:desc' | 'preCashAmt:asc';
  page: number;
}
export const defaultCashListFilter = (): BottomFilter => ({
  node: null,
  range: lastDays(2),
  old: false,
  cashType: 1,
  searchType: 'memId',
  word: '',
  order: 'regDate:desc',
  page: 1,
});

/** Cash movements of everyone below the caller or below a node of its tree. */
export const bottomCashQueryOptions = (api: Api, prefix: string, memId: string, f: BottomFilter) =>
  queryOptions({
    queryKey: key(prefix, memId, 'bottom', f),
    queryFn: () => {
      const [orderColumn, orderType] = f.order.split(':') as ['regDate' | 'updDate' | 'preCashAmt', string];
      return api(retailCalls.bottomCashList, {
        memId: f.node ?? undefined,
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        cashType: f.cashType ?? undefined,
        searchType: f.word ? f.searchType : undefined,
        searchWord: f.word || undefined,
        orderColumn,
        orderType,
        page: f.page,
        count_per_list: 40,
      });
    },
  });

export interface SubPointFilter {
  node: string | null;
  range: DayRange;
  old: boolean;
  pointType: number | null;
  searchType: SearchType;
  word: string;
  page: number;
}
export const defaultSubPointFilter = (): SubPointFilter => ({
  node: null,
  range: lastDays(7),
  old: false,
  pointType: null,
  searchType: 'memId',
  word: '',
  page: 1,
});

/** Point movements of everyone below the caller or below a node. */
export const subPointQueryOptions = (api: Api, prefix: string, memId: string, f: SubPointFilter) =>
  queryOptions({
    queryKey: key(prefix, memId, 'subPoint', f),
    queryFn: () =>
      api(retailCalls.pointList, {
        memId: f.node ?? undefined,
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        pointType: f.pointType ?? undefined,
        searchType: f.word ? f.searchType : undefined,
        searchWord: f.word || undefined,
        page: f.page,
        count_per_list: 40,
      }),
  });

export const defaultAccrualRange = () => lastDays(7);

/** The caller's own accrued points (rolling and the like). */
export const accrualQueryOptions = (api: Api, prefix: string, memId: string, range: DayRange, page: number) =>
  queryOptions({
    queryKey: key(prefix, memId, 'accrual', range, page),
    queryFn: () => api(pointCalls.list, { pointType: 'in', ...wireRange(range), page }),
  });

export interface Target {
  memId: string;
  memNick: string;
  partnerLevel: string;
  cashAmt: number;
  pointAmt: number;
}

/** Direct children (partners and members): the only accounts a partner may give to or retrieve from. */
export const directTargetsQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({
    queryKey: key(prefix, memId, 'targets'),
    queryFn: async (): Promise<Target[]> => {
      const [partners, members] = await Promise.all([api(partnerCalls.myPartnerDirectList, {}), api(partnerCalls.myMemDirectList, { page: 1, count_per_list: 200 })]);
      const pick = (r: Target) => ({ memId: r.memId, memNick: r.memNick, partnerLevel: r.partnerLevel, cashAmt: r.cashAmt, pointAmt: r.pointAmt });
      return [...partners.list.map(pick), ...members.list.map((m) => pick({ ...m, partnerLevel: m.myLevel || m.partnerLevel }))];
    },
  });

/** Members logged in below the caller. */
export const loginMembersQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({
    queryKey: key(prefix, memId, 'online'),
    queryFn: () => api(partnerCalls.myLoginMem, {}),
  });

/** One level of the caller's partner tree. */
export const fetchTreeLevel = (api: Api, memId?: string) => api(partnerCalls.hierarchy, { memId, treeOption: 'N' }).then((r) => r.hierarchy[0]);

/** The tree filter's first level (the caller); lower levels load as they open. */
export const treeRootQueryOptions = (api: Api, prefix: string, memId: string) => queryOptions({ queryKey: key(prefix, memId, 'tree'), queryFn: () => fetchTreeLevel(api) });
