import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../lib/guard';
import { bankQueryOptions } from '../../features/signup/queries';
import { SignupScreen } from '../../features/signup/SignupScreen';

export const Route = createFileRoute('/$prefix/signup')({
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(bankQueryOptions(params.prefix)).catch(() => undefined),
  component: SignupScreen,
});
