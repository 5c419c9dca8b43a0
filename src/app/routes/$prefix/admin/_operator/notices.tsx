import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../../lib/listSearch';
import { adminNoticesQueryOptions } from '../../../../features/adminBoard/queries';
import { AdminNotices } from '../../../../features/adminBoard/AdminNotices';

export const Route = createFileRoute('/$prefix/admin/_operator/notices')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(adminNoticesQueryOptions(params.prefix, deps)).catch(() => undefined),
  component: AdminNotices,
});
