import { createFileRoute } from '@tanstack/react-router';
import { LedgerHealth } from '../../../../features/cash/LedgerHealth';

export const Route = createFileRoute('/$prefix/admin/_operator/ledger')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/cash/queueQueries');
    await context.queryClient.ensureQueryData(q.ledgerQueryOptions(context.api, params.prefix, context.caller.memId)).catch(() => undefined);
  },
  component: LedgerHealth,
});
