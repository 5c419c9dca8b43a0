import { createFileRoute } from '@tanstack/react-router';
import { PointAccrual } from '../../../features/cash/PointAccrual';

export const Route = createFileRoute('/$prefix/_partner/pointList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/transferQueries');
    await context.queryClient.ensureQueryData(q.accrualQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultAccrualRange(), 1)).catch(() => undefined);
  },
  component: PointAccrual,
});
