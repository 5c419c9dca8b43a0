import { createFileRoute } from '@tanstack/react-router';
import { bannerListQueryOptions } from '../../../../features/adminSite/queries';
import { AdminBanners } from '../../../../features/adminSite/AdminBanners';

export const Route = createFileRoute('/$prefix/admin/_operator/banners')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(bannerListQueryOptions(params.prefix, 1)).catch(() => undefined),
  component: AdminBanners,
});
