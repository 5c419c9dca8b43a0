import { createFileRoute } from '@tanstack/react-router';
import { lastDays } from '../../../lib/dayRange';
import { session } from '../../../lib/session/store';
import { accrualQueryOptions } from '../../../features/retailCash/queries';
import { ACCRUAL_DAYS, PointAccrual } from '../../../features/retailCash/PointAccrual';

export const Route = createFileRoute('/$prefix/_partner/pointList')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(accrualQueryOptions(params.prefix, session.member?.memId ?? '', lastDays(ACCRUAL_DAYS), 1)).catch(() => undefined),
  component: PointAccrual,
});
