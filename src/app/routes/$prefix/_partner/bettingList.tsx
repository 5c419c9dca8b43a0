import { createFileRoute } from '@tanstack/react-router';
import { BettingList } from '../../../features/bet/BettingList';

export const Route = createFileRoute('/$prefix/_partner/bettingList')({
  validateSearch: (s: Record<string, unknown>): { id?: string } => (s.id == null || s.id === '' ? {} : { id: String(s.id).slice(0, 40) }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../entities/bet/subtreeQueries');
    await context.queryClient.ensureQueryData(q.betListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultBetFilter(deps.id))).catch(() => undefined);
  },
  component: function BettingListPage() {
    const { id } = Route.useSearch();
    return <BettingList key={id ?? ''} id={id} />;
  },
});
