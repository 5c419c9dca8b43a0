import { queryOptions } from '@tanstack/react-query';
import { twoFactorCalls } from '../../../contract/twoFactor';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** Whether the signed-in operator is offered two-factor now (the server decides: not on, not put off). */
export const otpOfferQuery = (api: Api, prefix: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, memId, 'otpOffer'), queryFn: () => api(twoFactorCalls.offer, {}), staleTime: Infinity });
