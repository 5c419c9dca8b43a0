import { createFileRoute } from '@tanstack/react-router';
import { MoveHistory } from '../../../features/cash/MoveHistory';

export const Route = createFileRoute('/$prefix/_player/moveList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/queries');
    await context.queryClient.ensureQueryData(q.cashMovesQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultMoveRange())).catch(() => undefined);
  },
  component: MoveHistory,
});
