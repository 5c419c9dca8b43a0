import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { pointListQueryOptions } from '../../../features/cash/queries';
import { PointArea } from '../../../features/cash/PointArea';

export const Route = createFileRoute('/$prefix/_member/pointuselist')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(pointListQueryOptions(params.prefix, session.member?.memId ?? '', 'out', null)).catch(() => undefined),
  component: () => <PointArea tab="pointuselist" />,
});
