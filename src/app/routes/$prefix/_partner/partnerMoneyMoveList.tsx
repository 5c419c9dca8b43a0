import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { sendListQueryOptions } from '../../../features/retailCash/queries';
import { defaultSendFilter } from '../../../features/retailCash/SendHistory';
import { MoneyMove } from '../../../features/retailCash/MoneyMove';

export const Route = createFileRoute('/$prefix/_partner/partnerMoneyMoveList')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(sendListQueryOptions(params.prefix, session.member?.memId ?? '', defaultSendFilter())).catch(() => undefined),
  component: MoneyMove,
});
