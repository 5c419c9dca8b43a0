import { useQueryClient } from '@tanstack/react-query';
import type { ReqOf, ResOf } from '../../../contract/define';
import { partnerCalls } from '../../../contract/partner';
import { rateCalls } from '../../../contract/rate';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { sitePartnersKey } from './operatorQueries';
import { partnerRequestsKey } from './requestQueries';
import { partnerInfoQueryOptions } from './treeQueries';

/** The partner changes the phone of a partner of its tree. */
export function useChangePartnerPhone(prefix: string, me: string, memId: string, screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({
    run: (memPhone: string) => api(partnerCalls.updMemPhone, { memId, memPhone }),
    invalidates: [partnerInfoQueryOptions(api, prefix, me, memId).queryKey],
    ...screen,
  });
}

export interface RequestDecision<R extends { reqIdx: number }> {
  r: R;
  approve: boolean;
}

/** The operator approves (the partner is created) or rejects a partner's request for a lower partner. */
export function useDecidePartnerRequest<R extends { reqIdx: number }>(prefix: string, me: string, screen: ScreenPart<RequestDecision<R>>) {
  const api = useApi();
  const client = useQueryClient();
  const key = partnerRequestsKey(prefix, me);
  return useWrite({
    sig: (v: RequestDecision<R>) => `${v.r.reqIdx}:${v.approve}`,
    // a refused decision (another operator's came first) refreshes the list too
    run: ({ r, approve }) =>
      (approve ? api(partnerCalls.approveRequest, { reqIdx: r.reqIdx }) : api(partnerCalls.rejectRequest, { reqIdx: r.reqIdx })).catch((err: unknown) => {
        void client.invalidateQueries({ queryKey: key });
        throw err;
      }),
    invalidates: [key],
    ...screen,
  });
}

export type NewMember = { body: ReqOf<typeof partnerCalls.partnerJoin>; count: number };

/** The partner signs up a member under a recommender, or a numbered group of `count`. */
export function useCreateMember(screen: ScreenPart<NewMember>) {
  const api = useApi();
  return useWrite({ run: (v: NewMember) => api(partnerCalls.partnerJoin, v.body), ...screen });
}

export type NewPartner = ReqOf<typeof partnerCalls.createPartner>;

/** A new partner: a partner's is a request the operator approves, the operator's exists at once. */
export function useCreatePartner(screen: ScreenPart<NewPartner, ResOf<typeof partnerCalls.createPartner>>) {
  const api = useApi();
  return useWrite({
    run: (body: NewPartner) => api(partnerCalls.createPartner, body),
    // the seed shows the server's own words for a refused request
    describe: (err) => (!err.code.startsWith('U') && err.message !== 'RESPONSE_FAILED' ? err.message : undefined),
    ...screen,
  });
}

type LoginRow = Pick<ResOf<typeof partnerCalls.lowerPartnerList>['list'][number], 'memId' | 'loginYn'>;

/** The operator suspends a partner's login (it is signed out at once) or allows it again: the row's switch flipped. */
export function useTogglePartnerLogin<R extends LoginRow>(prefix: string, me: string, screen: ScreenPart<R>) {
  const api = useApi();
  return useWrite({
    sig: (r: R) => `${r.memId}:${r.loginYn}`,
    run: (r: R) => api(partnerCalls.detailInfoSave, { memId: r.memId, loginYn: r.loginYn === 'Y' ? 'N' : 'Y' }),
    invalidates: [sitePartnersKey(prefix, me)],
    ...screen,
  });
}

export interface PartnerEdit {
  memId: string;
  /** The new nickname, null when unchanged. */
  memNick: string | null;
  /** The categories whose rates changed. */
  rateList: { category: string; pointRate: string; loseRate: string }[];
}

/** The operator's edit of one partner: its nickname, then its changed rates (each call only when something changed). */
export function useEditPartner(prefix: string, me: string, screen: ScreenPart<PartnerEdit>) {
  const api = useApi();
  return useWrite({
    run: async ({ memId, memNick, rateList }: PartnerEdit) => {
      if (memNick !== null) await api(partnerCalls.detailInfoSave, { memId, memNick });
      if (rateList.length) await api(rateCalls.saveRates, { memId, rateList });
    },
    invalidates: [sitePartnersKey(prefix, me)],
    ...screen,
  });
}
