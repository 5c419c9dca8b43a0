import { createFileRoute } from '@tanstack/react-router';
import { Protection } from '../../../features/member/Protection';

export const Route = createFileRoute('/$prefix/_player/protection')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/member/protectionQueries');
    await context.queryClient.ensureQueryData(q.protectionQueryOptions(context.api, params.prefix, context.caller.memId)).catch(() => undefined);
  },
  component: Protection,
});
