import { queryOptions } from '@tanstack/react-query';
import { loginStepCalls, twoFactorCalls } from '../../../contract/twoFactor';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** Whether the signed-in operator is offered two-factor now (the server decides: not on, not put off). */
export const otpOfferQuery = (api: Api, prefix: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, memId, 'otpOffer'), queryFn: () => api(twoFactorCalls.offer, {}), staleTime: Infinity });

/** The own two-factor state on the account screen, read fresh each time it opens. */
export const twoFactorStateQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, memId, 'twoFactor'), staleTime: 0, queryFn: () => api(twoFactorCalls.state, {}) });

/** An operator's enrolment during sign-in: its secret and QR for the ticket, asked once and never kept. */
export const otpSetupAtLoginQueryOptions = (api: Api, ticket: string) =>
  queryOptions({
    queryKey: ['otpSetupAtLogin', ticket],
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: () => api(loginStepCalls.otpSetup, { ticket }),
  });
