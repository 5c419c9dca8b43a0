import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../../lib/listSearch';
import type { InquiryFilter } from '../../../../entities/board/adminQueries';
import { AdminInquiries } from '../../../../features/board/AdminInquiries';

export const Route = createFileRoute('/$prefix/admin/_operator/inquiries')({
  validateSearch: (s: Record<string, unknown>): InquiryFilter => ({
    ...validateListSearch(s),
    ...(s.status === 'WAIT' || s.status === 'ANSWER' ? { status: s.status } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../../entities/board/adminQueries');
    await context.queryClient.ensureQueryData(q.adminInquiriesQueryOptions(context.api, params.prefix, deps)).catch(() => undefined);
  },
  component: AdminInquiries,
});
