import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../../lib/session/store';
import { ledgerQueryOptions } from '../../../../features/adminCash/queries';
import { LedgerHealth } from '../../../../features/adminCash/LedgerHealth';

export const Route = createFileRoute('/$prefix/admin/_operator/ledger')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(ledgerQueryOptions(params.prefix, session.member?.memId ?? '')).catch(() => undefined),
  component: LedgerHealth,
});
