import { createFileRoute } from '@tanstack/react-router';
import { AdminSiteOps } from '../../../../features/site/AdminSiteOps';

export const Route = createFileRoute('/$prefix/admin/_operator/site')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/site/adminQueries');
    await context.queryClient.ensureQueryData(q.siteStateQueryOptions(context.api, params.prefix)).catch(() => undefined);
  },
  component: AdminSiteOps,
});
