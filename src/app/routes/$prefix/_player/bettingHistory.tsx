import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { BetHistory } from '../../../features/betHistory/BetHistory';
import { betListQueryOptions, defaultBetFilter } from '../../../features/betHistory/queries';

export const Route = createFileRoute('/$prefix/_player/bettingHistory')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(betListQueryOptions(params.prefix, session.member?.memId ?? '', defaultBetFilter())).catch(() => undefined),
  component: BetHistory,
});
