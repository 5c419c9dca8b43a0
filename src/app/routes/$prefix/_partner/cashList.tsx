import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { bottomCashQueryOptions } from '../../../features/retailCash/queries';
import { defaultCashListFilter } from '../../../features/retailCash/CashList';
import { CashList } from '../../../features/retailCash/CashList';

export const Route = createFileRoute('/$prefix/_partner/cashList')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(bottomCashQueryOptions(params.prefix, session.member?.memId ?? '', defaultCashListFilter())).catch(() => undefined),
  component: CashList,
});
