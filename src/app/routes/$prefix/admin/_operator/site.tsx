import { createFileRoute } from '@tanstack/react-router';
import { siteStateQueryOptions } from '../../../../features/adminSite/queries';
import { AdminSiteOps } from '../../../../features/adminSite/AdminSiteOps';

export const Route = createFileRoute('/$prefix/admin/_operator/site')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(siteStateQueryOptions(params.prefix)).catch(() => undefined),
  component: AdminSiteOps,
});
