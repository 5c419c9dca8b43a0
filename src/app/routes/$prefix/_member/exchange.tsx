import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { cashRequestsQueryOptions } from '../../../features/cash/queries';
import { Exchange } from '../../../features/cash/Exchange';

export const Route = createFileRoute('/$prefix/_member/exchange')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(cashRequestsQueryOptions(params.prefix, session.member?.memId ?? '', -1)).catch(() => undefined),
  component: Exchange,
});
