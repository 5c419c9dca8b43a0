import { createFileRoute } from '@tanstack/react-router';
import { lastDays } from '../../../lib/dayRange';
import { session } from '../../../lib/session/store';
import { pointListQueryOptions } from '../../../features/cash/queries';
import { DEFAULT_POINT_DAYS } from '../../../features/cash/PointHistory';
import { PointArea } from '../../../features/cash/PointArea';

export const Route = createFileRoute('/$prefix/_member/point')({
  loader: ({ context, params }) =>
    context.queryClient
      .ensureQueryData(pointListQueryOptions(params.prefix, session.member?.memId ?? '', 'in', lastDays(DEFAULT_POINT_DAYS)))
      .catch(() => undefined),
  component: () => <PointArea tab="point" />,
});
