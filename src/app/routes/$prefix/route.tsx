import { createFileRoute } from '@tanstack/react-router';
import { resolveSite } from '../../lib/guard';

export const Route = createFileRoute('/$prefix')({
  beforeLoad: async ({ context, params, location }) => ({
    // the operator's screens stay open during maintenance (it sets and ends the window there)
    site: await resolveSite(context.queryClient, params.prefix, location.pathname.endsWith('/warning') || /\/admin(\/|$)/.test(location.pathname)),
  }),
  // no component: the router renders the child route (a split chunk holding only Outlet would cost a request)
});
