import { createFileRoute, ErrorComponent } from '@tanstack/react-router';
import { isApiError } from '../../lib/api';
import { resolveSite } from '../../entities/site/site';
import { NotSetUp } from '../../features/site/NotSetUp';
import { Suspended } from '../../features/site/Suspended';

export const Route = createFileRoute('/$prefix')({
  beforeLoad: async ({ context, params, location }) => ({
    // the operator's screens stay open during maintenance (it sets and ends the window there)
    site: await resolveSite(context.api, context.queryClient, params.prefix, location.pathname.endsWith('/warning') || /\/admin(\/|$)/.test(location.pathname)),
  }),
  errorComponent: ({ error }) =>
    isApiError(error, 'PF001') ? <NotSetUp /> : isApiError(error, 'SS001', 'SS002') ? <Suspended closed={isApiError(error, 'SS002')} /> : <ErrorComponent error={error} />,
  // no component: the router renders the child route (a split chunk holding only Outlet would cost a request)
});
