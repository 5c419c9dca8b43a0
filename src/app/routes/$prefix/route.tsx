import { createFileRoute, Outlet } from '@tanstack/react-router';
import { resolveSite } from '../../lib/guard';

export const Route = createFileRoute('/$prefix')({
  beforeLoad: async ({ context, params, location }) => ({
    site: await resolveSite(context.queryClient, params.prefix, location.pathname.endsWith('/warning')),
  }),
  component: Outlet,
});
