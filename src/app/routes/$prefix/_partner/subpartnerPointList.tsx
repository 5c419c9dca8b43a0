import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { subPointQueryOptions } from '../../../features/retailCash/queries';
import { defaultSubPointFilter } from '../../../features/retailCash/SubPointList';
import { SubPointList } from '../../../features/retailCash/SubPointList';

export const Route = createFileRoute('/$prefix/_partner/subpartnerPointList')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(subPointQueryOptions(params.prefix, session.member?.memId ?? '', defaultSubPointFilter())).catch(() => undefined),
  component: SubPointList,
});
