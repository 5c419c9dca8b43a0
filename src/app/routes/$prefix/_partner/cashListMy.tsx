import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { transLogQueryOptions } from '../../../features/retailCash/queries';
import { defaultTransFilter } from '../../../features/retailCash/CashListMy';
import { CashListMy } from '../../../features/retailCash/CashListMy';

export const Route = createFileRoute('/$prefix/_partner/cashListMy')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(transLogQueryOptions(params.prefix, session.member?.memId ?? '', defaultTransFilter())).catch(() => undefined),
  component: CashListMy,
});
