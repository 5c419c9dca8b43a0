import { createFileRoute } from '@tanstack/react-router';
import { BetHistory } from '../../../features/bet/BetHistory';

export const Route = createFileRoute('/$prefix/_player/bettingHistory')({
  // imported here, not at the top, so the query code stays out of the first-route bundle
  loader: async ({ context, params }) => {
    const { betListQueryOptions, defaultBetFilter } = await import('../../../entities/bet/historyQueries');
    await context.queryClient.ensureQueryData(betListQueryOptions(context.api, params.prefix, context.caller.memId, defaultBetFilter())).catch(() => undefined);
  },
  component: BetHistory,
});
