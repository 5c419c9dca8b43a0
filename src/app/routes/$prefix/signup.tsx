import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../lib/guard';
import { SignupScreen } from '../../features/auth/SignupScreen';

export const Route = createFileRoute('/$prefix/signup')({
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  loader: async ({ context, params }) => {
    const q = await import('../../features/auth/signupQueries');
    await context.queryClient.ensureQueryData(q.bankQueryOptions(context.api, params.prefix)).catch(() => undefined);
  },
  component: SignupScreen,
});
