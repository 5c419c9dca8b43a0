import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../../lib/listSearch';
import { AdminNotices } from '../../../../features/board/AdminNotices';

export const Route = createFileRoute('/$prefix/admin/_operator/notices')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../../entities/board/adminQueries');
    await context.queryClient.ensureQueryData(q.adminNoticesQueryOptions(context.api, params.prefix, deps)).catch(() => undefined);
  },
  component: AdminNotices,
});
