import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { cashRequestsQueryOptions } from '../../../features/cash/queries';
import { Charge } from '../../../features/cash/Charge';

export const Route = createFileRoute('/$prefix/_member/charge')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(cashRequestsQueryOptions(params.prefix, session.member?.memId ?? '', 1)).catch(() => undefined),
  component: Charge,
});
