import { createFileRoute } from '@tanstack/react-router';
import { AdminBanners } from '../../../../features/site/AdminBanners';

export const Route = createFileRoute('/$prefix/admin/_operator/banners')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/site/adminQueries');
    await context.queryClient.ensureQueryData(q.bannerListQueryOptions(context.api, params.prefix, 1)).catch(() => undefined);
  },
  component: AdminBanners,
});
